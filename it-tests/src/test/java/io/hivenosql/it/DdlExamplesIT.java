package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.demo.DemoData;
import io.hivenosql.sandbox.hive.BeelineRunner;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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
    private static final Path EXAMPLES =
            Path.of(System.getProperty("hivenosql.examples.dir", "../ddl-examples/src/main/hql"));
    private static final boolean RECORD = Boolean.getBoolean("hivenosql.examples.record");

    @TestFactory
    Stream<DynamicTest> everyExampleRunsThroughBeeline(HiveStack.Resources stack) throws IOException {
        DemoData.load(stack.redis().host(), stack.redis().port());
        Map<String, String> variables = Map.of(
                "redis_nodes", stack.redis().address(),
                "examples_dir", EXAMPLES.toAbsolutePath().normalize().toString());
        List<Path> scripts;
        try (Stream<Path> files = Files.walk(EXAMPLES)) {
            scripts = files.filter(p -> p.toString().endsWith(".hql")).sorted().toList();
        }
        assertThat(scripts).as("examples in %s", EXAMPLES).isNotEmpty();
        return scripts.stream()
                .map(script ->
                        DynamicTest.dynamicTest(EXAMPLES.relativize(script).toString(), () -> {
                            BeelineRunner.Result result = BeelineRunner.builder(
                                            stack.hive().jdbcUrl())
                                    .variables(variables)
                                    .build()
                                    .runFile(script);
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
