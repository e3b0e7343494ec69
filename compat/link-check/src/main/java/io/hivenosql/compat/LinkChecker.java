package io.hivenosql.compat;

import static java.util.Objects.requireNonNull;

import io.hivenosql.compat.References.Kind;
import io.hivenosql.compat.References.Reference;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.objectweb.asm.Opcodes;

/**
 * Checks that classes compiled against one Hive line link against another: every class they name exists, every method
 * and field they use resolves with the same descriptor, staticness and access, every abstract method they inherit is
 * implemented, and nothing they override is final. What a JVM would otherwise report at run time as {@code
 * NoClassDefFoundError}, {@code NoSuchMethodError}, {@code NoSuchFieldError}, {@code AbstractMethodError}, {@code
 * IncompatibleClassChangeError} or {@code IllegalAccessError}.
 *
 * <p>Two declarations make version-specific code explicit, and are checked in turn:
 * <ul>
 *   <li>A class in a package whose last segment is {@code hive<major>} ({@code ...hive.line.hive3}) is meant for that
 *       Hive major only: it is checked only there, and no other class may name it (they reach it by name, once).
 *   <li>A method annotated with the hook annotation ({@code @HookSince("4.1")}) overrides a Hive method that exists
 *       from that version on. On an older line it must override nothing (Hive never calls it) and its body is not
 *       checked; from that version on it must override a Hive method, so that a changed Hive signature cannot leave
 *       it silently uncalled.
 * </ul>
 */
public final class LinkChecker {
    private static final Pattern LINE_PACKAGE = Pattern.compile("(?:^|/)hive(\\d+)$");

    private final ClassPath world;
    private final HiveVersion line;
    private final Predicate<String> subjects;
    private final String hookAnnotation;
    private final Hierarchy hierarchy;
    private final Hierarchy baseline;
    private final HiveVersion baselineLine;

    /**
     * @param world the jar under test first, then the Hive line's runtime classpath
     * @param line the Hive version of that runtime
     * @param subjects the internal names of the classes to check (ours; not the shaded libraries)
     * @param hookAnnotation the descriptor of the hook annotation ({@code Lio/hivenosql/api/hive/line/HookSince;})
     * @param baseline the jar under test and the runtime of the Hive line it was compiled against: an unmarked method
     *     that overrides a Hive method there must override one on this line too, or be marked as a hook
     * @param baselineLine the Hive version of {@code baseline}
     */
    public LinkChecker(
            ClassPath world,
            HiveVersion line,
            Predicate<String> subjects,
            String hookAnnotation,
            ClassPath baseline,
            HiveVersion baselineLine) {
        this.world = requireNonNull(world, "world is null");
        this.line = requireNonNull(line, "line is null");
        this.subjects = requireNonNull(subjects, "subjects is null");
        this.hookAnnotation = requireNonNull(hookAnnotation, "hookAnnotation is null");
        this.hierarchy = new Hierarchy(world);
        this.baseline = new Hierarchy(requireNonNull(baseline, "baseline is null"));
        this.baselineLine = requireNonNull(baselineLine, "baselineLine is null");
    }

    /** Checks the named classes (those {@code subjects} selects and this line applies to). */
    public LinkReport check(List<String> classNames) {
        LinkReport.Builder report = new LinkReport.Builder(line);
        for (String name : classNames) {
            if (subjects.test(name) && appliesHere(name)) {
                checkClass(name, report);
            }
        }
        return report.build();
    }

    /** False for a class of a {@code hive<major>} package of another major. */
    boolean appliesHere(String className) {
        Matcher matcher = LINE_PACKAGE.matcher(ClassInfo.packageOf(className));
        return !matcher.find() || Integer.parseInt(matcher.group(1)) == line.major();
    }

    private void checkClass(String name, LinkReport.Builder report) {
        ClassInfo type =
                world.find(name).orElseThrow(() -> new IllegalArgumentException(name + " is not in the world"));
        byte[] classFile = world.classFile(name).orElseThrow();
        report.checked();
        hierarchy.takeMissing();
        for (Map.Entry<String, List<Reference>> entry : References.of(classFile).entrySet()) {
            String member = entry.getKey();
            if (!member.equals(References.CLASS)) {
                Optional<String> since = hookSince(type, member);
                if (since.isPresent() && !checkHook(type, member, since.get(), report)) {
                    continue; // a hook this line never calls: its code never runs here
                }
                if (since.isEmpty()) {
                    checkStillOverrides(type, member, report);
                }
            }
            for (Reference reference : new LinkedHashSet<>(entry.getValue())) {
                checkReference(type, member, reference, report);
            }
            for (String missing : hierarchy.takeMissing()) {
                report.problem(
                        type.name(),
                        member,
                        "needs class " + Descriptors.javaName(missing)
                                + ", which is not on the classpath (NoClassDefFoundError)");
            }
        }
        checkOverrides(type, report);
        if (!type.isAbstract() && !type.isInterface()) {
            checkImplemented(type, report);
        }
        for (String missing : hierarchy.takeMissing()) {
            report.problem(
                    type.name(),
                    References.CLASS,
                    "needs class " + Descriptors.javaName(missing)
                            + ", which is not on the classpath (NoClassDefFoundError)");
        }
    }

    private Optional<String> hookSince(ClassInfo type, String member) {
        ClassInfo.Member method = type.methods().get(member);
        return method == null
                ? Optional.empty()
                : Optional.ofNullable(method.annotations().get(hookAnnotation));
    }

    /** Checks a hook's declaration; true when this line calls it (so its code is checked too). */
    private boolean checkHook(ClassInfo type, String member, String since, LinkReport.Builder report) {
        ClassInfo.Member method = type.methods().get(member);
        Optional<ClassInfo.Member> overridden = overriddenExternal(hierarchy, type, method);
        hierarchy.takeMissing(); // a hook's own types may be missing on an older line: that is what it declares
        if (line.compareTo(HiveVersion.parse(since)) < 0) {
            overridden.ifPresentOrElse(
                    hive -> report.problem(
                            type.name(),
                            member,
                            "is declared a hook since Hive " + since + ", but Hive " + line + " already has "
                                    + hive.display() + ": correct the annotation"),
                    () -> report.dormantHook(method.display() + " (Hive " + since + " and later)"));
            return false;
        }
        if (overridden.isEmpty()) {
            report.problem(
                    type.name(),
                    member,
                    "is a hook since Hive " + since + " but overrides no method of Hive " + line
                            + ": Hive never calls it (did the signature change?)");
        }
        return true;
    }

    /** An unmarked override of a Hive method on the baseline line still overrides one on this line. */
    private void checkStillOverrides(ClassInfo type, String member, LinkReport.Builder report) {
        ClassInfo.Member method = type.methods().get(member);
        if (method == null || !method.isOverridable()) {
            return;
        }
        Optional<ClassInfo> baselineType = baseline.find(type.name());
        Optional<ClassInfo.Member> before = baselineType.flatMap(t -> overriddenExternal(baseline, t, method));
        baseline.takeMissing();
        if (before.isPresent() && overriddenExternal(hierarchy, type, method).isEmpty()) {
            report.problem(
                    type.name(),
                    member,
                    "overrides " + before.get().display() + " in Hive " + baselineLine
                            + " but nothing in Hive " + line
                            + ", which never calls it: mark it @HookSince with the first "
                            + "version that does, or make it work without Hive calling it");
        }
        hierarchy.takeMissing();
    }

    private void checkReference(ClassInfo subject, String member, Reference reference, LinkReport.Builder report) {
        if (reference.kind() == Kind.CLASS) {
            if (isSubject(reference.owner()) && !appliesHere(reference.owner())) {
                report.problem(
                        subject.name(),
                        member,
                        "names " + Descriptors.javaName(reference.owner())
                                + ", a class for another Hive line: reach it through the line chosen at run time");
            } else {
                hierarchy.find(reference.owner());
            }
            return;
        }
        Optional<ClassInfo> owner = hierarchy.find(reference.owner());
        if (owner.isEmpty()) {
            return; // reported as a missing class
        }
        Optional<ClassInfo.Member> target = reference.kind() == Kind.METHOD
                ? hierarchy.resolveMethod(reference.owner(), reference.name(), reference.descriptor())
                : hierarchy.resolveField(reference.owner(), reference.name(), reference.descriptor());
        String display = Descriptors.display(reference.owner(), reference.name(), reference.descriptor());
        if (target.isEmpty()) {
            report.problem(
                    subject.name(),
                    member,
                    "uses " + display + ", which Hive " + line + "'s classpath lacks ("
                            + (reference.kind() == Kind.METHOD ? "NoSuchMethodError" : "NoSuchFieldError") + ")"
                            + similar(owner.get(), reference));
            return;
        }
        ClassInfo.Member resolved = target.get();
        if (reference.opcode() != 0 && reference.isStaticAccess() != resolved.isStatic()) {
            report.problem(
                    subject.name(),
                    member,
                    "uses " + display + " as " + (reference.isStaticAccess() ? "" : "non-")
                            + "static, but it is " + (resolved.isStatic() ? "" : "not ") + "static in Hive " + line
                            + " (IncompatibleClassChangeError)");
        }
        if (reference.opcode() == Opcodes.INVOKEINTERFACE && !owner.get().isInterface()
                || reference.opcode() == Opcodes.INVOKEVIRTUAL && owner.get().isInterface()) {
            report.problem(
                    subject.name(),
                    member,
                    "calls " + display + " on " + (owner.get().isInterface() ? "an interface" : "a class")
                            + " the other way (IncompatibleClassChangeError)");
        }
        if (!isSubject(resolved.owner()) && !accessible(subject, resolved)) {
            report.problem(
                    subject.name(),
                    member,
                    "uses " + resolved.display() + ", which is not accessible from "
                            + Descriptors.javaName(subject.name()) + " in Hive " + line + " (IllegalAccessError)");
        }
    }

    private String similar(ClassInfo owner, Reference reference) {
        Map<String, ClassInfo.Member> members = reference.kind() == Kind.METHOD ? owner.methods() : owner.fields();
        List<String> found = members.values().stream()
                .filter(candidate -> candidate.name().equals(reference.name()))
                .map(ClassInfo.Member::display)
                .toList();
        return found.isEmpty() ? "" : "; it has " + String.join(", ", found);
    }

    private boolean accessible(ClassInfo subject, ClassInfo.Member member) {
        if (member.isPublic()) {
            return true;
        }
        if (member.isPrivate()) {
            return false;
        }
        boolean samePackage = ClassInfo.packageOf(member.owner()).equals(subject.packageName());
        return samePackage || member.isProtected() && hierarchy.isSubtype(subject.name(), member.owner());
    }

    /** No method of {@code type} overrides a final one, and it does not extend a final class. */
    private void checkOverrides(ClassInfo type, LinkReport.Builder report) {
        for (ClassInfo parent : hierarchy.superclasses(type)) {
            if (parent.isFinal() && !isSubject(parent.name())) {
                report.problem(
                        type.name(),
                        References.CLASS,
                        "extends " + Descriptors.javaName(parent.name()) + ", which is final in Hive " + line
                                + " (VerifyError)");
            }
        }
        for (ClassInfo.Member method : type.methods().values()) {
            if (!method.isOverridable()) {
                continue;
            }
            for (ClassInfo parent : hierarchy.superclasses(type)) {
                Optional<ClassInfo.Member> overridden = parent.method(method.name(), method.descriptor());
                if (overridden.isPresent() && overridden.get().isFinal() && !isSubject(parent.name())) {
                    report.problem(
                            type.name(),
                            method.name() + method.descriptor(),
                            "overrides " + overridden.get().display() + ", which is final in Hive " + line
                                    + " (VerifyError)");
                }
            }
        }
    }

    /** Every abstract method that a Hive supertype of a concrete class declares has an implementation. */
    private void checkImplemented(ClassInfo type, LinkReport.Builder report) {
        Map<String, ClassInfo.Member> concrete = new HashMap<>();
        List<ClassInfo> chain = new ArrayList<>();
        chain.add(type);
        chain.addAll(hierarchy.superclasses(type));
        Map<String, ClassInfo.Member> abstracts = new HashMap<>();
        for (ClassInfo link : chain) {
            for (ClassInfo.Member method : link.methods().values()) {
                String key = method.name() + method.descriptor();
                if (!method.isAbstract()) {
                    concrete.putIfAbsent(key, method);
                } else if (!concrete.containsKey(key)) {
                    abstracts.putIfAbsent(key, method);
                }
            }
        }
        Set<String> defaults = new LinkedHashSet<>();
        for (ClassInfo parent : hierarchy.superinterfaces(type.name())) {
            for (ClassInfo.Member method : parent.methods().values()) {
                String key = method.name() + method.descriptor();
                if (method.isStatic() || method.isPrivate()) {
                    continue;
                }
                if (!method.isAbstract()) {
                    defaults.add(key);
                } else {
                    abstracts.putIfAbsent(key, method);
                }
            }
        }
        for (Map.Entry<String, ClassInfo.Member> entry : abstracts.entrySet()) {
            ClassInfo.Member method = entry.getValue();
            if (!concrete.containsKey(entry.getKey())
                    && !defaults.contains(entry.getKey())
                    && !isSubject(method.owner())) {
                report.problem(
                        type.name(),
                        References.CLASS,
                        "does not implement " + method.display() + ", which is abstract in Hive " + line
                                + " (AbstractMethodError)");
            }
        }
    }

    /** The method of a Hive (non-subject) supertype that {@code method} overrides in that world, if any. */
    private Optional<ClassInfo.Member> overriddenExternal(Hierarchy in, ClassInfo type, ClassInfo.Member method) {
        List<ClassInfo> parents = new ArrayList<>(in.superclasses(type));
        parents.addAll(in.superinterfaces(type.name()));
        return parents.stream()
                .filter(parent -> !isSubject(parent.name()))
                .map(parent -> parent.method(method.name(), method.descriptor()))
                .flatMap(Optional::stream)
                .filter(ClassInfo.Member::isOverridable)
                .findFirst();
    }

    private boolean isSubject(String className) {
        return subjects.test(className);
    }
}
