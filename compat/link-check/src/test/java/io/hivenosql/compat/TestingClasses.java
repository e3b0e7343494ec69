package io.hivenosql.compat;

import static org.objectweb.asm.Opcodes.ACC_ABSTRACT;
import static org.objectweb.asm.Opcodes.ACC_PUBLIC;
import static org.objectweb.asm.Opcodes.ALOAD;
import static org.objectweb.asm.Opcodes.INVOKESPECIAL;
import static org.objectweb.asm.Opcodes.RETURN;
import static org.objectweb.asm.Opcodes.V17;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;

/** Writes small class files into a directory, as a compiler would, for the link checker to read. */
final class TestingClasses {
    static final String HOOK = "Lio/hivenosql/api/hive/line/HookSince;";

    private final Path directory;

    TestingClasses(Path directory) {
        this.directory = directory;
    }

    Path directory() {
        return directory;
    }

    /** A class with a public no-argument constructor and the members {@code body} adds. */
    TestingClasses type(int access, String name, String superName, String[] interfaces, Consumer<ClassWriter> body) {
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        writer.visit(V17, access, name, null, superName, interfaces);
        if ((access & org.objectweb.asm.Opcodes.ACC_INTERFACE) == 0) {
            MethodVisitor constructor = writer.visitMethod(ACC_PUBLIC, "<init>", "()V", null, null);
            constructor.visitCode();
            constructor.visitVarInsn(ALOAD, 0);
            constructor.visitMethodInsn(INVOKESPECIAL, superName, "<init>", "()V", false);
            constructor.visitInsn(RETURN);
            constructor.visitMaxs(0, 0);
            constructor.visitEnd();
        }
        body.accept(writer);
        writer.visitEnd();
        Path file = directory.resolve(name + ".class");
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, writer.toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    /** An abstract method. */
    static void abstractMethod(ClassWriter writer, String name, String descriptor) {
        writer.visitMethod(ACC_PUBLIC | ACC_ABSTRACT, name, descriptor, null, null)
                .visitEnd();
    }

    /** A method whose body is {@code code} followed by a return (void methods only). */
    static void method(ClassWriter writer, int access, String name, String descriptor, Consumer<MethodVisitor> code) {
        method(writer, access, name, descriptor, null, code);
    }

    /** The same, marked {@code @HookSince(since)} when {@code since} is not null. */
    static void method(
            ClassWriter writer,
            int access,
            String name,
            String descriptor,
            String since,
            Consumer<MethodVisitor> code) {
        MethodVisitor method = writer.visitMethod(access, name, descriptor, null, null);
        if (since != null) {
            AnnotationVisitor annotation = method.visitAnnotation(HOOK, false);
            annotation.visit("value", since);
            annotation.visitEnd();
        }
        method.visitCode();
        code.accept(method);
        method.visitInsn(RETURN);
        method.visitMaxs(0, 0);
        method.visitEnd();
    }
}
