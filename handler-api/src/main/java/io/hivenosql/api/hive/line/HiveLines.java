package io.hivenosql.api.hive.line;

import java.lang.reflect.InvocationTargetException;
import org.apache.hive.common.util.HiveVersionInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Chooses the {@link HiveLine} of the running Hive once, when first asked, by the major version Hive reports ({@code
 * 3.1.3-amzn-12} is line 3); a Hive that reports no version is told apart by a class only Hive 4 has. The chosen
 * class is loaded by name: only it ever links against that line's own types.
 */
public final class HiveLines {
    private static final Logger LOG = LoggerFactory.getLogger(HiveLines.class);
    private static final String HIVE3 = "io.hivenosql.api.hive.line.hive3.Hive3Line";
    private static final String HIVE4 = "io.hivenosql.api.hive.line.hive4.Hive4Line";

    private HiveLines() {}

    /** The line of the Hive this JVM runs. */
    public static HiveLine current() {
        return Holder.CURRENT;
    }

    /** The major version of a Hive version string ({@code 4.0.1}, {@code 3.1.3-amzn-12}); 0 when it has none. */
    static int major(String version) {
        if (version == null) {
            return 0;
        }
        int end = 0;
        while (end < version.length() && Character.isDigit(version.charAt(end))) {
            end++;
        }
        return end == 0 ? 0 : Integer.parseInt(version.substring(0, Math.min(end, 9)));
    }

    private static final class Holder {
        static final HiveLine CURRENT = choose();

        private static HiveLine choose() {
            String version = HiveVersionInfo.getVersion();
            int major = major(version);
            if (major == 0) {
                major = hasClass("org.apache.hadoop.hive.ql.DriverState") ? 4 : 3;
            }
            String implementation = major <= 3 ? HIVE3 : HIVE4;
            try {
                HiveLine line = (HiveLine) Class.forName(implementation, true, HiveLines.class.getClassLoader())
                        .getConstructor()
                        .newInstance();
                LOG.info("hive-nosql runs on {} (Hive reports version {})", line.name(), version);
                return line;
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(
                        "Hive " + version + " needs " + implementation + ", which this "
                                + "hive-nosql jar lacks: use the -hive.jar the build produces, which holds every Hive line",
                        e);
            } catch (ReflectiveOperationException | LinkageError e) {
                Throwable cause = e instanceof InvocationTargetException ? e.getCause() : e;
                throw new IllegalStateException(
                        "hive-nosql cannot run on Hive " + version + " (" + implementation + "): " + cause, cause);
            }
        }

        private static boolean hasClass(String name) {
            try {
                Class.forName(name, false, HiveLines.class.getClassLoader());
                return true;
            } catch (ClassNotFoundException | LinkageError e) {
                return false;
            }
        }
    }
}
