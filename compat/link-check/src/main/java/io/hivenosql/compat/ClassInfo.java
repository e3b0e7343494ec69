package io.hivenosql.compat;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.objectweb.asm.Opcodes;

/**
 * What linking needs to know of one class file: its name, supertypes, access flags and declared members.
 *
 * @param name the internal name ({@code org/apache/hadoop/hive/serde2/AbstractSerDe})
 * @param superName the superclass's internal name, null for {@code java/lang/Object} and {@code module-info}
 * @param interfaces the directly implemented or extended interfaces
 * @param access the class's access flags ({@link Opcodes})
 * @param methods the declared methods by {@code name + descriptor}
 * @param fields the declared fields by {@code name + ":" + descriptor}
 * @param source where the class file was read from (a jar, a directory, the JDK)
 */
public record ClassInfo(
        String name,
        String superName,
        List<String> interfaces,
        int access,
        Map<String, Member> methods,
        Map<String, Member> fields,
        String source) {
    public ClassInfo {
        requireNonNull(name, "name is null");
        interfaces = List.copyOf(interfaces);
        methods = Map.copyOf(methods);
        fields = Map.copyOf(fields);
        requireNonNull(source, "source is null");
    }

    public boolean isInterface() {
        return (access & Opcodes.ACC_INTERFACE) != 0;
    }

    public boolean isAbstract() {
        return (access & Opcodes.ACC_ABSTRACT) != 0;
    }

    public boolean isFinal() {
        return (access & Opcodes.ACC_FINAL) != 0;
    }

    public Optional<Member> method(String name, String descriptor) {
        return Optional.ofNullable(methods.get(name + descriptor));
    }

    public Optional<Member> field(String name, String descriptor) {
        return Optional.ofNullable(fields.get(name + ":" + descriptor));
    }

    /** The package of the class, in internal form ({@code org/apache/hadoop/hive/serde2}); "" for the default one. */
    public String packageName() {
        return packageOf(name);
    }

    static String packageOf(String internalName) {
        int slash = internalName.lastIndexOf('/');
        return slash < 0 ? "" : internalName.substring(0, slash);
    }

    /**
     * A declared method or field.
     *
     * @param owner the internal name of the declaring class
     * @param name the member's name
     * @param descriptor its JVM descriptor
     * @param access its access flags
     * @param annotations the descriptors of its class-file annotations ({@code Lio/hivenosql/api/hive/HookSince;})
     *     with their {@code value} element, if any
     */
    public record Member(String owner, String name, String descriptor, int access, Map<String, String> annotations) {
        public Member {
            requireNonNull(owner, "owner is null");
            requireNonNull(name, "name is null");
            requireNonNull(descriptor, "descriptor is null");
            annotations = Map.copyOf(annotations);
        }

        public boolean isStatic() {
            return (access & Opcodes.ACC_STATIC) != 0;
        }

        public boolean isPrivate() {
            return (access & Opcodes.ACC_PRIVATE) != 0;
        }

        public boolean isProtected() {
            return (access & Opcodes.ACC_PROTECTED) != 0;
        }

        public boolean isPublic() {
            return (access & Opcodes.ACC_PUBLIC) != 0;
        }

        public boolean isAbstract() {
            return (access & Opcodes.ACC_ABSTRACT) != 0;
        }

        public boolean isFinal() {
            return (access & Opcodes.ACC_FINAL) != 0;
        }

        /** Not private, not static, not a constructor or initializer: a method a subclass can override. */
        public boolean isOverridable() {
            return !isPrivate() && !isStatic() && !name.startsWith("<");
        }

        /** {@code org.apache.hadoop.hive.serde2.AbstractSerDe.initialize(Configuration, Properties)} style. */
        public String display() {
            return Descriptors.display(owner, name, descriptor);
        }
    }
}
