package io.hivenosql.compat;

import static io.hivenosql.compat.TestingClasses.abstractMethod;
import static io.hivenosql.compat.TestingClasses.method;
import static org.assertj.core.api.Assertions.assertThat;
import static org.objectweb.asm.Opcodes.ACC_ABSTRACT;
import static org.objectweb.asm.Opcodes.ACC_FINAL;
import static org.objectweb.asm.Opcodes.ACC_INTERFACE;
import static org.objectweb.asm.Opcodes.ACC_PUBLIC;
import static org.objectweb.asm.Opcodes.ACC_STATIC;
import static org.objectweb.asm.Opcodes.ALOAD;
import static org.objectweb.asm.Opcodes.INVOKESTATIC;
import static org.objectweb.asm.Opcodes.INVOKEVIRTUAL;
import static org.objectweb.asm.Opcodes.NEW;
import static org.objectweb.asm.Opcodes.POP;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checker on small class files: a "Hive" whose classes live in {@code org/hive}, our classes in {@code
 * io/hivenosql}, compiled against the baseline Hive and checked against another.
 */
class TestLinkChecker {
    private static final String[] NONE = new String[0];

    @TempDir
    Path work;

    private TestingClasses ours;
    private TestingClasses baselineHive;
    private TestingClasses otherHive;

    private void setUp() {
        ours = new TestingClasses(work.resolve("ours"));
        baselineHive = new TestingClasses(work.resolve("hive-4"));
        otherHive = new TestingClasses(work.resolve("hive-3"));
    }

    @Test
    void aCleanClassHasNoProblem() {
        setUp();
        for (TestingClasses hive : List.of(baselineHive, otherHive)) {
            hive.type(
                    ACC_PUBLIC,
                    "org/hive/Util",
                    "java/lang/Object",
                    NONE,
                    type -> method(type, ACC_PUBLIC | ACC_STATIC, "help", "()V", code -> {}));
        }
        ours.type(
                ACC_PUBLIC,
                "io/hivenosql/Caller",
                "java/lang/Object",
                NONE,
                type -> method(
                        type,
                        ACC_PUBLIC,
                        "run",
                        "()V",
                        code -> code.visitMethodInsn(INVOKESTATIC, "org/hive/Util", "help", "()V", false)));
        LinkReport report = check("3.1.3");
        assertThat(report.problems()).isEmpty();
        assertThat(report.classesChecked()).isEqualTo(1);
    }

    @Test
    void aMissingMethodOrClassIsReportedWithWhatTheLineHasInstead() {
        setUp();
        baselineHive.type(
                ACC_PUBLIC,
                "org/hive/Work",
                "java/lang/Object",
                NONE,
                type -> method(type, ACC_PUBLIC, "partitions", "()Ljava/util/Map;", code -> {}));
        otherHive.type(
                ACC_PUBLIC,
                "org/hive/Work",
                "java/lang/Object",
                NONE,
                type -> method(type, ACC_PUBLIC, "partitions", "()Ljava/util/LinkedHashMap;", code -> {}));
        ours.type(
                ACC_PUBLIC,
                "io/hivenosql/Reader",
                "java/lang/Object",
                NONE,
                type -> method(type, ACC_PUBLIC, "read", "(Lorg/hive/Work;)V", code -> {
                    code.visitVarInsn(ALOAD, 1);
                    code.visitMethodInsn(INVOKEVIRTUAL, "org/hive/Work", "partitions", "()Ljava/util/Map;", false);
                    code.visitInsn(POP);
                    code.visitTypeInsn(NEW, "org/hive/DriverState");
                    code.visitInsn(POP);
                }));
        LinkReport report = check("3.1.3");
        assertThat(report.problems())
                .anySatisfy(problem -> assertThat(problem)
                        .contains("io.hivenosql.Reader.read: uses org.hive.Work.partitions() : Map")
                        .contains("NoSuchMethodError")
                        .contains("it has org.hive.Work.partitions() : LinkedHashMap"))
                .anySatisfy(problem -> assertThat(problem)
                        .contains("needs class org.hive.DriverState")
                        .contains("NoClassDefFoundError"));
        assertThat(check("4.0.1", baselineHive).problems())
                .singleElement()
                .asString()
                .contains("DriverState");
    }

    @Test
    void anAbstractMethodOfTheLineMustBeImplemented() {
        setUp();
        baselineHive.type(
                ACC_PUBLIC | ACC_ABSTRACT,
                "org/hive/SerDe",
                "java/lang/Object",
                NONE,
                type -> method(type, ACC_PUBLIC, "stats", "()V", code -> {}));
        otherHive.type(ACC_PUBLIC | ACC_ABSTRACT, "org/hive/SerDe", "java/lang/Object", NONE, type -> {
            abstractMethod(type, "stats", "()V");
            abstractMethod(type, "initialize", "(Ljava/util/Properties;)V");
        });
        ours.type(
                ACC_PUBLIC,
                "io/hivenosql/OurSerDe",
                "org/hive/SerDe",
                NONE,
                type -> method(type, ACC_PUBLIC, "initialize", "(Ljava/util/Properties;)V", code -> {}));
        assertThat(check("3.1.3").problems())
                .singleElement()
                .asString()
                .contains("does not implement org.hive.SerDe.stats() : void")
                .contains("AbstractMethodError");
    }

    @Test
    void aFinalMethodCannotBeOverriddenNorAStaticOneCalledOnAnInstance() {
        setUp();
        for (TestingClasses hive : List.of(baselineHive, otherHive)) {
            int close = hive == otherHive ? ACC_PUBLIC | ACC_FINAL : ACC_PUBLIC;
            int help = hive == otherHive ? ACC_PUBLIC | ACC_STATIC : ACC_PUBLIC;
            hive.type(ACC_PUBLIC, "org/hive/Operator", "java/lang/Object", NONE, type -> {
                method(type, close, "close", "()V", code -> {});
                method(type, help, "help", "()V", code -> {});
            });
        }
        ours.type(ACC_PUBLIC, "io/hivenosql/OurOperator", "org/hive/Operator", NONE, type -> {
            method(type, ACC_PUBLIC, "close", "()V", code -> {});
            method(type, ACC_PUBLIC, "run", "()V", code -> {
                code.visitVarInsn(ALOAD, 0);
                code.visitMethodInsn(INVOKEVIRTUAL, "org/hive/Operator", "help", "()V", false);
            });
        });
        assertThat(check("3.1.3").problems())
                .anySatisfy(problem -> assertThat(problem)
                        .contains("overrides org.hive.Operator.close() : void, " + "which is final in Hive 3.1.3"))
                .anySatisfy(problem -> assertThat(problem)
                        .contains("uses org.hive.Operator.help() : void as non-static")
                        .contains("IncompatibleClassChangeError"));
        assertThat(check("4.0.1", baselineHive).problems()).isEmpty();
    }

    @Test
    void aHookOfALaterLineIsNotLinkedOnAnOlderOneAndMustOverrideFromItsVersionOn() {
        setUp();
        baselineHive.type(
                ACC_PUBLIC | ACC_INTERFACE | ACC_ABSTRACT,
                "org/hive/Handler",
                "java/lang/Object",
                NONE,
                type -> method(type, ACC_PUBLIC, "pruningEdge", "(Lorg/hive/Table;)Z", code -> {}));
        otherHive.type(
                ACC_PUBLIC | ACC_INTERFACE | ACC_ABSTRACT, "org/hive/Handler", "java/lang/Object", NONE, type -> {});
        ours.type(
                ACC_PUBLIC, "io/hivenosql/OurHandler", "java/lang/Object", new String[] {"org/hive/Handler"}, type -> {
                    method(
                            type,
                            ACC_PUBLIC,
                            "pruningEdge",
                            "(Lorg/hive/Table;)Z",
                            "4.0",
                            code -> code.visitTypeInsn(NEW, "org/hive/NewOnly"));
                    method(type, ACC_PUBLIC, "statistics", "()V", "4.1", code -> {});
                });
        LinkReport older = check("3.1.3");
        assertThat(older.problems()).isEmpty();
        assertThat(older.dormantHooks())
                .anySatisfy(hook -> assertThat(hook).contains("OurHandler.pruningEdge(Table) : boolean (Hive 4.0"))
                .anySatisfy(hook -> assertThat(hook).contains("OurHandler.statistics() : void (Hive 4.1"));

        // on the hook's own line its code is linked, and a hook that overrides nothing is an error
        baselineHive.type(ACC_PUBLIC, "org/hive/NewOnly", "java/lang/Object", NONE, type -> {});
        baselineHive.type(ACC_PUBLIC, "org/hive/Table", "java/lang/Object", NONE, type -> {});
        LinkReport later = check("4.1.0", baselineHive);
        assertThat(later.problems())
                .singleElement()
                .asString()
                .contains("OurHandler.statistics: is a hook since Hive 4.1 but overrides no method of Hive 4.1.0");
    }

    @Test
    void aHookMarkedLaterThanTheLineThatCallsItIsAnError() {
        setUp();
        otherHive.type(
                ACC_PUBLIC | ACC_INTERFACE | ACC_ABSTRACT,
                "org/hive/Handler",
                "java/lang/Object",
                NONE,
                type -> method(type, ACC_PUBLIC, "truncate", "()V", code -> {}));
        ours.type(
                ACC_PUBLIC,
                "io/hivenosql/OurHandler",
                "java/lang/Object",
                new String[] {"org/hive/Handler"},
                type -> method(type, ACC_PUBLIC, "truncate", "()V", "4.0", code -> {}));
        assertThat(check("3.1.3").problems())
                .singleElement()
                .asString()
                .contains("is declared a hook since Hive 4.0, but Hive 3.1.3 already has org.hive.Handler.truncate()");
    }

    @Test
    void anUnmarkedOverrideThatTheLineNoLongerCallsIsAnError() {
        setUp();
        baselineHive.type(
                ACC_PUBLIC | ACC_INTERFACE | ACC_ABSTRACT,
                "org/hive/MetaHook",
                "java/lang/Object",
                NONE,
                type -> method(type, ACC_PUBLIC, "preTruncate", "()V", code -> {}));
        otherHive.type(
                ACC_PUBLIC | ACC_INTERFACE | ACC_ABSTRACT, "org/hive/MetaHook", "java/lang/Object", NONE, type -> {});
        ours.type(
                ACC_PUBLIC,
                "io/hivenosql/OurHook",
                "java/lang/Object",
                new String[] {"org/hive/MetaHook"},
                type -> method(type, ACC_PUBLIC, "preTruncate", "()V", code -> {}));
        assertThat(check("3.1.3").problems())
                .singleElement()
                .asString()
                .contains("overrides org.hive.MetaHook.preTruncate() : void in Hive 4.0.1 but nothing in Hive 3.1.3");
    }

    @Test
    void theClassesOfALineArePassedOverOnOtherLinesAndReachedOnlyByName() {
        setUp();
        otherHive.type(ACC_PUBLIC, "org/hive/LockedState", "java/lang/Object", NONE, type -> {});
        ours.type(
                ACC_PUBLIC,
                "io/hivenosql/line/hive3/Hive3Line",
                "java/lang/Object",
                NONE,
                type -> method(type, ACC_PUBLIC, "state", "()V", code -> {
                    code.visitTypeInsn(NEW, "org/hive/LockedState");
                    code.visitInsn(POP);
                }));
        ours.type(
                ACC_PUBLIC,
                "io/hivenosql/Chooser",
                "java/lang/Object",
                NONE,
                type -> method(type, ACC_PUBLIC, "choose", "()V", code -> {
                    code.visitTypeInsn(NEW, "io/hivenosql/line/hive3/Hive3Line");
                    code.visitInsn(POP);
                }));
        LinkReport onThree = check("3.1.3");
        assertThat(onThree.classesChecked()).isEqualTo(2);
        assertThat(onThree.problems()).isEmpty();
        LinkReport onFour = check("4.0.1", baselineHive);
        assertThat(onFour.classesChecked()).isEqualTo(1);
        assertThat(onFour.problems())
                .singleElement()
                .asString()
                .contains("io.hivenosql.Chooser.choose: names io.hivenosql.line.hive3.Hive3Line, a class for another "
                        + "Hive line");
    }

    @Test
    void versionsCompareNumerically() {
        assertThat(HiveVersion.parse("3.1.3-amzn-12")).isEqualTo(HiveVersion.parse("3.1.3"));
        assertThat(HiveVersion.parse("4.1")).isEqualTo(HiveVersion.parse("4.1.0"));
        assertThat(HiveVersion.parse("4.10.0")).isGreaterThan(HiveVersion.parse("4.9.2"));
        assertThat(HiveVersion.parse("4.0.1").major()).isEqualTo(4);
        assertThat(HiveVersion.parse("4.1").hashCode())
                .isEqualTo(HiveVersion.parse("4.1.0").hashCode());
    }

    private LinkReport check(String line) {
        return check(line, otherHive);
    }

    private LinkReport check(String line, TestingClasses hive) {
        List<Path> world = List.of(ours.directory(), hive.directory());
        List<Path> baseline = List.of(ours.directory(), baselineHive.directory());
        try (ClassPath classPath = ClassPath.of(existing(world));
                ClassPath baselinePath = ClassPath.of(existing(baseline))) {
            LinkChecker checker = new LinkChecker(
                    classPath,
                    HiveVersion.parse(line),
                    name -> name.startsWith("io/hivenosql/"),
                    TestingClasses.HOOK,
                    baselinePath,
                    HiveVersion.parse("4.0.1"));
            return checker.check(ClassPath.classNames(ours.directory()));
        }
    }

    private static List<Path> existing(List<Path> entries) {
        List<Path> result = new ArrayList<>();
        for (Path entry : entries) {
            if (entry.toFile().isDirectory()) {
                result.add(entry);
            }
        }
        return result;
    }
}
