package io.hivenosql.compat;

import static java.util.Objects.requireNonNull;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Member resolution as the JVM does it (JVMS 5.4.3.2-5.4.3.4) over a {@link ClassPath}, recording the classes it needed
 * and could not find.
 */
final class Hierarchy {
    private static final Set<String> SIGNATURE_POLYMORPHIC =
            Set.of("java/lang/invoke/MethodHandle", "java/lang/invoke/VarHandle");

    private final ClassPath world;
    private final Set<String> missing = new LinkedHashSet<>();

    Hierarchy(ClassPath world) {
        this.world = requireNonNull(world, "world is null");
    }

    /** The classes that a lookup needed and the world lacks, since the last {@link #takeMissing()}. */
    Set<String> takeMissing() {
        Set<String> taken = new LinkedHashSet<>(missing);
        missing.clear();
        return taken;
    }

    Optional<ClassInfo> find(String name) {
        Optional<ClassInfo> info = world.find(name);
        if (info.isEmpty()) {
            missing.add(name);
        }
        return info;
    }

    /** The method a reference to {@code owner.name descriptor} resolves to, empty when none. */
    Optional<ClassInfo.Member> resolveMethod(String owner, String name, String descriptor) {
        for (Optional<ClassInfo> type = find(owner); type.isPresent(); type = superclass(type.get())) {
            Optional<ClassInfo.Member> method = type.get().method(name, descriptor);
            if (method.isPresent()) {
                return method;
            }
            if (SIGNATURE_POLYMORPHIC.contains(type.get().name())) {
                Optional<ClassInfo.Member> polymorphic =
                        type.get().method(name, "([Ljava/lang/Object;)Ljava/lang/Object;");
                if (polymorphic.isPresent() && (polymorphic.get().access() & 0x0100) != 0) { // native varargs
                    return polymorphic;
                }
            }
        }
        for (ClassInfo type : superinterfaces(owner)) {
            Optional<ClassInfo.Member> method = type.method(name, descriptor);
            if (method.isPresent() && !method.get().isPrivate() && !method.get().isStatic()) {
                return method;
            }
        }
        return Optional.empty();
    }

    /** The field a reference to {@code owner.name : descriptor} resolves to, empty when none. */
    Optional<ClassInfo.Member> resolveField(String owner, String name, String descriptor) {
        Optional<ClassInfo> type = find(owner);
        if (type.isEmpty()) {
            return Optional.empty();
        }
        Optional<ClassInfo.Member> field = type.get().field(name, descriptor);
        if (field.isPresent()) {
            return field;
        }
        for (String parent : type.get().interfaces()) {
            field = resolveField(parent, name, descriptor);
            if (field.isPresent()) {
                return field;
            }
        }
        return type.get().superName() == null
                ? Optional.empty()
                : resolveField(type.get().superName(), name, descriptor);
    }

    /** The superclasses of {@code type}, nearest first (without {@code type}). */
    List<ClassInfo> superclasses(ClassInfo type) {
        List<ClassInfo> chain = new ArrayList<>();
        for (Optional<ClassInfo> parent = superclass(type); parent.isPresent(); parent = superclass(parent.get())) {
            chain.add(parent.get());
        }
        return chain;
    }

    /** Every interface {@code owner} or its superclasses implement, directly or not, breadth first. */
    List<ClassInfo> superinterfaces(String owner) {
        List<ClassInfo> result = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        Deque<String> queue = new ArrayDeque<>();
        for (Optional<ClassInfo> type = find(owner); type.isPresent(); type = superclass(type.get())) {
            queue.addAll(type.get().interfaces());
            if (type.get().isInterface()) {
                break;
            }
        }
        while (!queue.isEmpty()) {
            String name = queue.removeFirst();
            if (seen.add(name)) {
                find(name).ifPresent(type -> {
                    result.add(type);
                    queue.addAll(type.interfaces());
                });
            }
        }
        return result;
    }

    /** True when {@code type} is {@code ancestor} or extends or implements it. */
    boolean isSubtype(String type, String ancestor) {
        if (type.equals(ancestor)) {
            return true;
        }
        Optional<ClassInfo> info = world.find(type);
        if (info.isEmpty()) {
            return false;
        }
        for (ClassInfo parent : superclasses(info.get())) {
            if (parent.name().equals(ancestor)) {
                return true;
            }
        }
        return superinterfaces(type).stream().anyMatch(parent -> parent.name().equals(ancestor));
    }

    private Optional<ClassInfo> superclass(ClassInfo type) {
        return type.superName() == null ? Optional.empty() : find(type.superName());
    }
}
