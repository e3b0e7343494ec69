package io.hivenosql.compat.hive3;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.cert.Certificate;
import java.util.ArrayList;
import java.util.List;

/**
 * The system class loader that Apache Hive 3.1.3 needs on Java 9 and later: a {@link URLClassLoader} (its {@code
 * SessionState} and Tez's local mode cast the system class loader to one, HIVE-21584) that loads Hive's whole classpath
 * itself, so that Hive's classes, the thread's context loader and {@link ClassLoader#getSystemClassLoader()} are all
 * this loader. Installed with {@code -Djava.system.class.loader=io.hivenosql.compat.hive3.Hive3SystemClassLoader}, only
 * this module's jar on {@code -cp}, and the classpath (one entry per line or separated by {@code :}) in the file named
 * by {@value #CLASSPATH_FILE}: the in-hive jar first, then Hive's configuration directory and jars, then the aux
 * jars (as Hive's launcher adds {@code HIVE_AUX_JARS_PATH}). It binds HiveServer2 to its configured host ({@link
 * ThriftBindHost}) as it loads the Thrift service.
 */
public final class Hive3SystemClassLoader extends URLClassLoader {
    /** The system property naming the file that lists Hive's classpath. */
    public static final String CLASSPATH_FILE = "hivenosql.hive3.classpath.file";

    static {
        ClassLoader.registerAsParallelCapable();
    }

    public Hive3SystemClassLoader(ClassLoader parent) {
        super(classPath(), parent);
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        if (!name.equals(ThriftBindHost.PATCHED_CLASS)) {
            return super.findClass(name);
        }
        URL resource = findResource(name.replace('.', '/') + ".class");
        if (resource == null) {
            throw new ClassNotFoundException(name);
        }
        try {
            URLConnection connection = resource.openConnection();
            connection.setUseCaches(false);
            byte[] patched;
            try (InputStream in = connection.getInputStream()) {
                patched = ThriftBindHost.patch(in.readAllBytes());
            }
            return defineClass(name, patched, 0, patched.length, new CodeSource(resource, (Certificate[]) null));
        } catch (IOException e) {
            throw new ClassNotFoundException(name + ": cannot read " + resource, e);
        }
    }

    /** What {@code Instrumentation.appendToSystemClassLoaderSearch} calls on a custom system class loader. */
    void appendToClassPathForInstrumentation(String path) throws MalformedURLException {
        addURL(new File(path).toURI().toURL());
    }

    private static URL[] classPath() {
        String file = System.getProperty(CLASSPATH_FILE);
        if (file == null || file.isBlank()) {
            throw new IllegalStateException(
                    "Hive3SystemClassLoader needs -D" + CLASSPATH_FILE + "=<file listing " + "Hive's classpath>");
        }
        try {
            List<URL> urls = new ArrayList<>();
            for (String entry : Files.readString(Path.of(file), UTF_8).split("[\\n" + File.pathSeparator + "]")) {
                if (!entry.isBlank()) {
                    urls.add(Path.of(entry.strip()).toUri().toURL());
                }
            }
            return urls.toArray(new URL[0]);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read Hive's classpath from " + file, e);
        }
    }
}
