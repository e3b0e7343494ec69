package io.hivenosql.compat;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The classes a JVM would see: jars and class directories in order (the first definition of a name wins, as on a
 * classpath), then the running JDK's own modules. Classes are read on first use and kept.
 */
public final class ClassPath implements AutoCloseable {
    private final List<Path> entries;
    private final List<ZipFile> jars = new ArrayList<>();
    private final Map<String, Optional<ClassInfo>> classes = new HashMap<>();
    private final Map<String, byte[]> bytes = new HashMap<>();

    private ClassPath(List<Path> entries) {
        this.entries = List.copyOf(entries);
    }

    /**
     * Opens the jars and directories; each must exist. A {@code .pom} entry (Maven lists the dependencies of type pom
     * in a classpath) holds no class and is left out, as a JVM ignores it.
     */
    public static ClassPath of(List<Path> entries) {
        entries = entries.stream()
                .filter(entry -> !entry.getFileName().toString().endsWith(".pom"))
                .toList();
        ClassPath classPath = new ClassPath(entries);
        for (Path entry : entries) {
            try {
                if (Files.isRegularFile(entry)) {
                    classPath.jars.add(new ZipFile(entry.toFile()));
                } else if (!Files.isDirectory(entry)) {
                    throw new IllegalArgumentException("classpath entry " + entry + " does not exist");
                }
            } catch (IOException e) {
                classPath.close();
                throw new UncheckedIOException("cannot open the classpath entry " + entry + ": " + e.getMessage(), e);
            }
        }
        return classPath;
    }

    public List<Path> entries() {
        return entries;
    }

    /** The class of that internal name as the first entry that has it defines it, else the JDK's. */
    public synchronized Optional<ClassInfo> find(String internalName) {
        requireNonNull(internalName, "internalName is null");
        return classes.computeIfAbsent(
                internalName, name -> read(name).map(file -> parse(file.bytes(), file.source())));
    }

    /** The class file of that name, as {@link #find} would read it. */
    public synchronized Optional<byte[]> classFile(String internalName) {
        return read(internalName).map(ClassFile::bytes);
    }

    /** The internal names of every class in one jar or directory of this classpath, in file order. */
    public static List<String> classNames(Path jarOrDirectory) {
        List<String> names = new ArrayList<>();
        try {
            if (Files.isDirectory(jarOrDirectory)) {
                try (var files = Files.walk(jarOrDirectory)) {
                    files.filter(file -> file.toString().endsWith(".class"))
                            .map(file ->
                                    jarOrDirectory.relativize(file).toString().replace('\\', '/'))
                            .forEach(file -> names.add(file.substring(0, file.length() - ".class".length())));
                }
            } else {
                try (ZipFile jar = new ZipFile(jarOrDirectory.toFile())) {
                    for (ZipEntry entry : Collections.list(jar.entries())) {
                        String file = entry.getName();
                        if (file.endsWith(".class") && !file.startsWith("META-INF/")) {
                            names.add(file.substring(0, file.length() - ".class".length()));
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the classes of " + jarOrDirectory, e);
        }
        names.removeIf(name -> name.endsWith("module-info") || name.endsWith("package-info"));
        return names;
    }

    private record ClassFile(byte[] bytes, String source) {}

    private Optional<ClassFile> read(String internalName) {
        String file = internalName + ".class";
        try {
            int jar = 0;
            for (Path entry : entries) {
                if (Files.isDirectory(entry)) {
                    Path path = entry.resolve(file);
                    if (Files.isRegularFile(path)) {
                        return Optional.of(new ClassFile(Files.readAllBytes(path), entry.toString()));
                    }
                } else {
                    ZipFile zip = jars.get(jar++);
                    ZipEntry zipEntry = zip.getEntry(file);
                    if (zipEntry != null) {
                        try (InputStream in = zip.getInputStream(zipEntry)) {
                            return Optional.of(new ClassFile(
                                    in.readAllBytes(), entry.getFileName().toString()));
                        }
                    }
                }
            }
            // the JDK's modules only: the platform loader never sees this JVM's own classpath
            try (InputStream in = ClassLoader.getPlatformClassLoader().getResourceAsStream(file)) {
                if (in != null) {
                    return Optional.of(new ClassFile(
                            in.readAllBytes(), "JDK " + Runtime.version().feature()));
                }
            }
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    static ClassInfo parse(byte[] classFile, String source) {
        Collector collector = new Collector(source);
        new ClassReader(classFile).accept(collector, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG);
        return collector.info();
    }

    @Override
    public void close() {
        for (ZipFile jar : jars) {
            try {
                jar.close();
            } catch (IOException e) {
                // nothing was written
            }
        }
        jars.clear();
    }

    /** Reads the declarations of one class file (no code). */
    private static final class Collector extends ClassVisitor {
        private final String source;
        private final Map<String, ClassInfo.Member> methods = new LinkedHashMap<>();
        private final Map<String, ClassInfo.Member> fields = new LinkedHashMap<>();
        private String name;
        private String superName;
        private List<String> interfaces = List.of();
        private int access;

        Collector(String source) {
            super(Opcodes.ASM9);
            this.source = source;
        }

        @Override
        public void visit(
                int version, int access, String name, String signature, String superName, String[] interfaces) {
            this.name = name;
            this.superName = superName;
            this.interfaces = interfaces == null ? List.of() : List.of(interfaces);
            this.access = access;
        }

        @Override
        public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
            fields.put(name + ":" + descriptor, new ClassInfo.Member(this.name, name, descriptor, access, Map.of()));
            return null;
        }

        @Override
        public MethodVisitor visitMethod(
                int access, String name, String descriptor, String signature, String[] exceptions) {
            Map<String, String> annotations = new HashMap<>();
            return new MethodVisitor(Opcodes.ASM9) {
                @Override
                public AnnotationVisitor visitAnnotation(String annotation, boolean visible) {
                    annotations.put(annotation, "");
                    return new AnnotationVisitor(Opcodes.ASM9) {
                        @Override
                        public void visit(String element, Object value) {
                            if ("value".equals(element)) {
                                annotations.put(annotation, String.valueOf(value));
                            }
                        }
                    };
                }

                @Override
                public void visitEnd() {
                    methods.put(
                            name + descriptor,
                            new ClassInfo.Member(Collector.this.name, name, descriptor, access, annotations));
                }
            };
        }

        ClassInfo info() {
            return new ClassInfo(name, superName, interfaces, access, methods, fields, source);
        }
    }
}
