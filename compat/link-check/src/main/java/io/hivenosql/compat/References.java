package io.hivenosql.compat;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Every class, method and field one class file refers to, grouped by the member whose declaration or code refers to
 * it: what the JVM resolves when it loads, verifies and runs that class.
 */
final class References {
    /** The key of the class's own declaration (supertypes, field types, static initializer). */
    static final String CLASS = "";

    private References() {}

    enum Kind {
        CLASS,
        METHOD,
        FIELD
    }

    /**
     * One symbolic reference.
     *
     * @param kind what is referred to
     * @param owner the class named (for members, the class the reference names, not necessarily the declaring one)
     * @param name the member's name; null for a class reference
     * @param descriptor the member's descriptor; null for a class reference
     * @param opcode the instruction (or {@link Opcodes#H_INVOKESTATIC}-style handle kind + 1000); 0 where none
     */
    record Reference(Kind kind, String owner, String name, String descriptor, int opcode) {
        Reference {
            requireNonNull(kind, "kind is null");
            requireNonNull(owner, "owner is null");
        }

        static Reference toClass(String owner) {
            return new Reference(Kind.CLASS, owner, null, null, 0);
        }

        boolean isStaticAccess() {
            return switch (opcode) {
                case Opcodes.INVOKESTATIC, Opcodes.GETSTATIC, Opcodes.PUTSTATIC -> true;
                case 1000 + Opcodes.H_INVOKESTATIC, 1000 + Opcodes.H_GETSTATIC, 1000 + Opcodes.H_PUTSTATIC -> true;
                default -> false;
            };
        }
    }

    /**
     * The references of one class file, by the {@code name + descriptor} of the method that makes them ({@link #CLASS}
     * for the class's declaration and its fields).
     */
    static Map<String, List<Reference>> of(byte[] classFile) {
        Map<String, List<Reference>> references = new LinkedHashMap<>();
        new ClassReader(classFile).accept(new Collector(references), ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return references;
    }

    private static final class Collector extends ClassVisitor {
        private final Map<String, List<Reference>> references;

        Collector(Map<String, List<Reference>> references) {
            super(Opcodes.ASM9);
            this.references = references;
        }

        private List<Reference> of(String member) {
            return references.computeIfAbsent(member, key -> new ArrayList<>());
        }

        @Override
        public void visit(
                int version, int access, String name, String signature, String superName, String[] interfaces) {
            List<Reference> declaration = of(CLASS);
            if (superName != null) {
                declaration.add(Reference.toClass(superName));
            }
            if (interfaces != null) {
                for (String type : interfaces) {
                    declaration.add(Reference.toClass(type));
                }
            }
        }

        @Override
        public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
            Descriptors.classesOf(descriptor).forEach(type -> of(CLASS).add(Reference.toClass(type)));
            return null;
        }

        @Override
        public MethodVisitor visitMethod(
                int access, String name, String descriptor, String signature, String[] exceptions) {
            List<Reference> method = of(name + descriptor);
            Descriptors.classesOf(descriptor).forEach(type -> method.add(Reference.toClass(type)));
            return new CodeCollector(method);
        }
    }

    private static final class CodeCollector extends MethodVisitor {
        private final List<Reference> method;

        CodeCollector(List<Reference> method) {
            super(Opcodes.ASM9);
            this.method = method;
        }

        private void addClass(String internalNameOrArray) {
            String type = Descriptors.elementClass(internalNameOrArray);
            if (type != null) {
                method.add(Reference.toClass(type));
            }
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
            addClass(type);
        }

        @Override
        public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
            addClass(owner);
            method.add(new Reference(Kind.FIELD, owner, name, descriptor, opcode));
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            addClass(owner);
            if (!owner.startsWith("[")) { // clone() of an array
                method.add(new Reference(Kind.METHOD, owner, name, descriptor, opcode));
            }
            Descriptors.classesOf(descriptor).forEach(this::addClass);
        }

        @Override
        public void visitInvokeDynamicInsn(String name, String descriptor, Handle bootstrap, Object... arguments) {
            addHandle(bootstrap);
            for (Object argument : arguments) {
                addConstant(argument);
            }
        }

        @Override
        public void visitLdcInsn(Object value) {
            addConstant(value);
        }

        @Override
        public void visitMultiANewArrayInsn(String descriptor, int dimensions) {
            addClass(descriptor);
        }

        @Override
        public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
            if (type != null) {
                addClass(type);
            }
        }

        private void addConstant(Object value) {
            if (value instanceof Type type) {
                if (type.getSort() == Type.METHOD) {
                    Descriptors.classesOf(type.getDescriptor()).forEach(this::addClass);
                } else if (type.getSort() == Type.OBJECT || type.getSort() == Type.ARRAY) {
                    addClass(type.getInternalName());
                }
            } else if (value instanceof Handle handle) {
                addHandle(handle);
            } else if (value instanceof ConstantDynamic constant) {
                addHandle(constant.getBootstrapMethod());
                for (int i = 0; i < constant.getBootstrapMethodArgumentCount(); i++) {
                    addConstant(constant.getBootstrapMethodArgument(i));
                }
            }
        }

        private void addHandle(Handle handle) {
            addClass(handle.getOwner());
            int tag = handle.getTag();
            boolean field = tag <= Opcodes.H_PUTSTATIC;
            method.add(new Reference(
                    field ? Kind.FIELD : Kind.METHOD,
                    handle.getOwner(),
                    handle.getName(),
                    handle.getDesc(),
                    1000 + tag));
            Descriptors.classesOf(handle.getDesc()).forEach(this::addClass);
        }
    }
}
