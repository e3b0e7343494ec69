package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.demo.DemoData;
import io.hivenosql.sandbox.demo.DemoRunner;
import io.hivenosql.sandbox.hive.BeelineRunner;
import io.hivenosql.sandbox.hive.HiveEngine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs every ddl-examples script through real beeline against the stack, in name order, and compares what it prints
 * with the {@code .out} file beside it. {@code -Dhivenosql.examples.record=true} rewrites the {@code .out} files
 * (review the diff before committing).
 */
@ExtendWith(HiveStack.class)
class DdlExamplesIT {
    private static final boolean RECORD = Boolean.getBoolean("hivenosql.examples.record");

    @TestFactory
    Stream<DynamicTest> everyExampleRunsThroughBeeline(HiveStack.Resources stack) throws IOException {
        DemoData.load(stack.redis().host(), stack.redis().port());
        Path examples = HiveStack.Resources.examplesDir();
        // the same scripts, in the same order and with the same variables, as bin/hive-nosql demo (those that need Hive
        // 4 on Tez only there)
        List<Path> scripts = DemoRunner.scripts(
                examples,
                stack.stack().release(),
                HiveEngine.fromName(stack.stack().state().engine()));
        BeelineRunner beeline = stack.stack().beeline().build();
        assertThat(scripts).as("examples in %s", examples).isNotEmpty();
        return scripts.stream()
                .map(script ->
                        DynamicTest.dynamicTest(examples.relativize(script).toString(), () -> {
                            BeelineRunner.Result result = beeline.runFile(script);
                            assertThat(result.exitCode())
                                    .as("beeline exit code for %s; stderr:%n%s", script, result.stderr())
                                    .isZero();
                            Path expectedFile = script.resolveSibling(
                                    script.getFileName().toString().replace(".hql", ".out"));
                            if (RECORD) {
                                Files.writeString(expectedFile, result.stdout(), StandardCharsets.UTF_8);
                            }
                            assertThat(expectedFile)
                                    .as("expected output of %s", script)
                                    .exists();
                            assertThat(result.stdout())
                                    .isEqualTo(Files.readString(expectedFile, StandardCharsets.UTF_8));
                        }));
    }
}
