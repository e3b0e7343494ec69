package io.hivenosql.api.hive;

import java.util.ArrayList;
import java.util.Arrays;
import org.apache.hadoop.hive.ql.exec.SerializationUtilities;
import org.apache.hadoop.hive.ql.plan.ExprNodeColumnDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeConstantDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeGenericFuncDesc;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDF;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFBetween;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFIn;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPAnd;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPEqual;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPGreaterThan;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPLessThan;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPNot;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPNotNull;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPNull;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPOr;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory;

/** Builds Hive predicate expressions the way Hive's planner does, and round-trips them through plan serialization. */
public final class TestingExpressions {
    private TestingExpressions() {}

    public static ExprNodeColumnDesc column(String name, TypeInfo type) {
        return new ExprNodeColumnDesc(type, name, "t", false);
    }

    public static ExprNodeConstantDesc constant(TypeInfo type, Object value) {
        return new ExprNodeConstantDesc(type, value);
    }

    public static ExprNodeGenericFuncDesc call(GenericUDF udf, ExprNodeDesc... arguments) {
        return new ExprNodeGenericFuncDesc(
                TypeInfoFactory.booleanTypeInfo, udf, new ArrayList<>(Arrays.asList(arguments)));
    }

    public static ExprNodeGenericFuncDesc eq(ExprNodeDesc left, ExprNodeDesc right) {
        return call(new GenericUDFOPEqual(), left, right);
    }

    public static ExprNodeGenericFuncDesc gt(ExprNodeDesc left, ExprNodeDesc right) {
        return call(new GenericUDFOPGreaterThan(), left, right);
    }

    public static ExprNodeGenericFuncDesc lt(ExprNodeDesc left, ExprNodeDesc right) {
        return call(new GenericUDFOPLessThan(), left, right);
    }

    public static ExprNodeGenericFuncDesc and(ExprNodeDesc... children) {
        return call(new GenericUDFOPAnd(), children);
    }

    public static ExprNodeGenericFuncDesc or(ExprNodeDesc... children) {
        return call(new GenericUDFOPOr(), children);
    }

    public static ExprNodeGenericFuncDesc not(ExprNodeDesc child) {
        return call(new GenericUDFOPNot(), child);
    }

    public static ExprNodeGenericFuncDesc isNull(ExprNodeDesc child) {
        return call(new GenericUDFOPNull(), child);
    }

    public static ExprNodeGenericFuncDesc isNotNull(ExprNodeDesc child) {
        return call(new GenericUDFOPNotNull(), child);
    }

    public static ExprNodeGenericFuncDesc in(ExprNodeDesc column, ExprNodeDesc... values) {
        ExprNodeDesc[] arguments = new ExprNodeDesc[values.length + 1];
        arguments[0] = column;
        System.arraycopy(values, 0, arguments, 1, values.length);
        return call(new GenericUDFIn(), arguments);
    }

    public static ExprNodeGenericFuncDesc between(
            boolean invert, ExprNodeDesc column, ExprNodeDesc low, ExprNodeDesc high) {
        return call(new GenericUDFBetween(), constant(TypeInfoFactory.booleanTypeInfo, invert), column, low, high);
    }

    /** As Hive ships a predicate to its tasks: Kryo-serialized and back. */
    public static ExprNodeGenericFuncDesc roundTrip(ExprNodeGenericFuncDesc expression) {
        return SerializationUtilities.deserializeExpression(SerializationUtilities.serializeExpression(expression));
    }
}
