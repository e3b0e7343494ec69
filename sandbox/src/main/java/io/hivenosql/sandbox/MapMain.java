package io.hivenosql.sandbox;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code bin/hive-nosql map}: runs handler-api's {@code io.hivenosql.api.catalog.MapCommand} with the handler jars
 * loaded in a class loader of their own, as HiveServer2 loads them ({@code hive.aux.jars.path}): their relocated
 * drivers never meet the sandbox's Hive classpath, and the command exercises the jars a cluster gets. With {@code
 * --apply} and no {@code --jdbc-url}, the DDL goes to the stack of {@code bin/hive-nosql up}, as {@code
 * bin/hive-nosql beeline} finds it.
 *
 * <p>Command line: {@code --work <stack dir> --aux-jars <jar,jar,...> <map arguments>}.
 */
public final class MapMain {
    private static final String COMMAND = "io.hivenosql.api.catalog.MapCommand";

    private MapMain() {}

    public static void main(String[] args) {
        List<String> rest = new ArrayList<>(Arrays.asList(args));
        Path work = Path.of(take(rest, "--work", ".sandbox/stack"));
        List<Path> jars = Arrays.stream(take(rest, "--aux-jars", "").split(","))
                .filter(jar -> !jar.isBlank())
                .map(Path::of)
                .toList();
        int code;
        try {
            code = run(jars, withStackDefaults(rest, work, System.out), System.out);
        } catch (IllegalStateException e) {
            System.out.println("map: " + e.getMessage());
            code = 69;
        }
        System.out.flush();
        System.exit(code); // drivers leave non-daemon threads behind
    }

    /**
     * Runs {@code map} with the handler jars.
     *
     * @param handlerJars the self-contained handler jars ({@code <module>/target/<module>-<version>-hive.jar})
     * @param args the command line after {@code map}
     * @return the command's exit code
     */
    public static int run(List<Path> handlerJars, List<String> args, PrintStream out) {
        requireNonNull(handlerJars, "handlerJars is null");
        if (handlerJars.isEmpty()) {
            throw new IllegalStateException("no handler jars (*/target/*-hive.jar): run 'bin/hive-nosql build'");
        }
        URL[] urls = handlerJars.stream().map(MapMain::url).toArray(URL[]::new);
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader("hive-nosql-handlers", urls, MapMain.class.getClassLoader())) {
            thread.setContextClassLoader(loader);
            Method run = loader.loadClass(COMMAND).getMethod("run", List.class, PrintStream.class);
            return (Integer) run.invoke(null, List.copyOf(args), out);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            throw new IllegalStateException("map failed: " + cause, cause);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(
                    "the handler jars " + handlerJars + " hold no " + COMMAND + ": rebuild them (bin/hive-nosql build)",
                    e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the handler jars' class loader", e);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /**
     * {@code --apply} without {@code --jdbc-url}: the running stack's JDBC URL and user ({@code --user} given wins).
     *
     * @throws IllegalStateException when no stack runs
     */
    static List<String> withStackDefaults(List<String> args, Path work, PrintStream out) {
        boolean apply = args.contains("--apply");
        boolean hasUrl = args.stream().anyMatch(arg -> arg.equals("--jdbc-url") || arg.startsWith("--jdbc-url="));
        if (!apply || hasUrl || args.contains("--help")) {
            return args;
        }
        StackState state = StackState.read(work);
        if (!ProcessHandle.of(state.pid()).map(ProcessHandle::isAlive).orElse(false)) {
            throw new IllegalStateException("the stack in " + work + " is not running (pid " + state.pid()
                    + " is gone): start it with 'bin/hive-nosql up', or give --jdbc-url");
        }
        List<String> result = new ArrayList<>(args);
        result.add("--jdbc-url");
        result.add(state.jdbcUrl());
        if (result.stream().noneMatch(arg -> arg.equals("--user") || arg.startsWith("--user="))) {
            result.add("--user");
            result.add(state.user());
        }
        out.println("map: applying through the running stack's HiveServer2 (" + state.jdbcUrl() + ")");
        return result;
    }

    private static String take(List<String> args, String option, String otherwise) {
        int at = args.indexOf(option);
        if (at < 0 || at + 1 >= args.size()) {
            return otherwise;
        }
        String value = args.get(at + 1);
        args.remove(at + 1);
        args.remove(at);
        return value;
    }

    private static URL url(Path jar) {
        try {
            return jar.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("not a jar path: " + jar, e);
        }
    }
}
