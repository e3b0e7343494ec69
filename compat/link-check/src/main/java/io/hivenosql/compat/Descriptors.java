package io.hivenosql.compat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.objectweb.asm.Type;

/** JVM names and descriptors as a Java developer reads them. */
final class Descriptors {
    private Descriptors() {}

    /** {@code org/apache/hadoop/hive/ql/Driver$LockedDriverState} as {@code org.apache.hadoop.hive.ql.Driver.LockedDriverState}. */
    static String javaName(String internalName) {
        return internalName.replace('/', '.').replace('$', '.');
    }

    /** {@code Owner.name(Param, Param)} with simple parameter names, or {@code Owner.name} for a field descriptor. */
    static String display(String owner, String name, String descriptor) {
        if (!descriptor.startsWith("(")) {
            return javaName(owner) + "." + name + " : " + simpleName(Type.getType(descriptor));
        }
        String parameters = Arrays.stream(Type.getArgumentTypes(descriptor))
                .map(Descriptors::simpleName)
                .collect(Collectors.joining(", "));
        return javaName(owner) + "." + name + "(" + parameters + ") : " + simpleName(Type.getReturnType(descriptor));
    }

    private static String simpleName(Type type) {
        String name = type.getClassName();
        int dot = name.lastIndexOf('.');
        return (dot < 0 ? name : name.substring(dot + 1)).replace('$', '.');
    }

    /** The internal names of the classes a method or field descriptor names (array element types included). */
    static List<String> classesOf(String descriptor) {
        List<String> classes = new ArrayList<>();
        if (descriptor.startsWith("(")) {
            for (Type argument : Type.getArgumentTypes(descriptor)) {
                addClass(argument, classes);
            }
            addClass(Type.getReturnType(descriptor), classes);
        } else {
            addClass(Type.getType(descriptor), classes);
        }
        return classes;
    }

    /** The class an internal name or array descriptor ({@code [Lfoo/Bar;}) finally names; null for primitive arrays. */
    static String elementClass(String internalNameOrArray) {
        if (!internalNameOrArray.startsWith("[")) {
            return internalNameOrArray;
        }
        Type element = Type.getType(internalNameOrArray).getElementType();
        return element.getSort() == Type.OBJECT ? element.getInternalName() : null;
    }

    private static void addClass(Type type, List<String> classes) {
        Type element = type.getSort() == Type.ARRAY ? type.getElementType() : type;
        if (element.getSort() == Type.OBJECT) {
            classes.add(element.getInternalName());
        }
    }
}
