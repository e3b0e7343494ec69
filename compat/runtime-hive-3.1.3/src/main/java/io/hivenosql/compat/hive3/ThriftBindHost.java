package io.hivenosql.compat.hive3;

import java.lang.reflect.Field;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Makes HiveServer2 3.1.3 listen on its {@code hive.server2.thrift.bind.host}. Its {@code ThriftCLIService.init()}
 * reads the setting into a local variable and never into the field {@code hiveHost} that {@code
 * ThriftBinaryCLIService.initServer()} binds to, so the server listens on every interface (HIVE-20726, fixed in Hive
 * 4). When the class is loaded, each read of {@code hiveHost} in {@code initServer()} becomes a call of {@link
 * #of(Object)}.
 */
public final class ThriftBindHost {
    /** The class this patches. */
    public static final String PATCHED_CLASS = "org.apache.hive.service.cli.thrift.ThriftBinaryCLIService";

    private static final String OWNER = PATCHED_CLASS.replace('.', '/');
    private static final String SETTING = "hive.server2.thrift.bind.host";

    private ThriftBindHost() {}

    /**
     * The host the service binds to, as Hive 4 decides it: the field if something set it, else the environment's
     * {@code HIVE_SERVER2_THRIFT_BIND_HOST}, else {@value #SETTING}; null (every interface) when none is set.
     */
    public static String of(Object service) {
        try {
            Object host = field(service.getClass(), "hiveHost").get(service);
            if (host == null) {
                host = System.getenv("HIVE_SERVER2_THRIFT_BIND_HOST");
            }
            if (host == null) {
                Object conf = field(service.getClass(), "hiveConf").get(service);
                host = conf.getClass().getMethod("get", String.class).invoke(conf, SETTING);
            }
            return host == null || host.toString().isBlank()
                    ? null
                    : host.toString().strip();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(
                    "cannot read " + SETTING + " of " + service.getClass().getName(), e);
        }
    }

    private static Field field(Class<?> type, String name) throws NoSuchFieldException {
        for (Class<?> current = type; current != null; current = current.getSuperclass()) {
            try {
                Field field = current.getDeclaredField(name);
                field.setAccessible(true);
                return field;
            } catch (NoSuchFieldException e) {
                // declared higher up
            }
        }
        throw new NoSuchFieldException(type.getName() + "." + name);
    }

    /** The class file of {@link #PATCHED_CLASS} with {@code initServer()} reading the host through {@link #of}. */
    static byte[] patch(byte[] classFile) {
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(reader, 0);
        int[] replaced = {0};
        reader.accept(
                new ClassVisitor(Opcodes.ASM9, writer) {
                    @Override
                    public MethodVisitor visitMethod(
                            int access, String name, String descriptor, String signature, String[] exceptions) {
                        MethodVisitor method = super.visitMethod(access, name, descriptor, signature, exceptions);
                        if (!name.equals("initServer") || !descriptor.equals("()V")) {
                            return method;
                        }
                        return new MethodVisitor(Opcodes.ASM9, method) {
                            @Override
                            public void visitFieldInsn(int opcode, String owner, String field, String type) {
                                if (opcode == Opcodes.GETFIELD
                                        && field.equals("hiveHost")
                                        && type.equals("Ljava/lang/String;")) {
                                    // the same stack effect: the service in, the host out
                                    super.visitMethodInsn(
                                            Opcodes.INVOKESTATIC,
                                            ThriftBindHost.class.getName().replace('.', '/'),
                                            "of",
                                            "(Ljava/lang/Object;)Ljava/lang/String;",
                                            false);
                                    replaced[0]++;
                                } else {
                                    super.visitFieldInsn(opcode, owner, field, type);
                                }
                            }
                        };
                    }
                },
                0);
        if (replaced[0] == 0) {
            throw new IllegalStateException(OWNER + ".initServer() reads no hiveHost field: not Hive 3.1's class");
        }
        return writer.toByteArray();
    }
}
