package io.hivenosql.mongo;

import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.file.FileSerDe;
import io.hivenosql.api.hive.RowWritable;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.types.ValueConversionException;
import io.hivenosql.mongo.bson.BsonRowEncoder;
import io.hivenosql.mongo.dump.BsonFileTable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.serde2.SerDeException;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.Writable;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;

/**
 * The SerDe of BSON dump file tables (mongodump {@code .bson} files on HDFS), in place of mongo-hadoop's
 * {@code com.mongodb.hadoop.hive.BSONSerDe}; use it with {@link BsonFileInputFormat} and {@link BsonFileOutputFormat}
 * (see there for the DDL). Columns map to dotted field paths and values convert exactly as for collection tables
 * ({@link MongoSerDe}): {@code mongo.columns.mapping} or a mapping file ({@code nosql.mapping.url}, then the DDL may
 * omit the column list), {@code mongo.objectid.format}, {@code mongo.objectid.columns}, {@code mongo.write.nulls} and
 * {@code nosql.bad-record.policy}; other {@code mongo.*} keys are reported as unknown.
 *
 * <p>Reading: the input format's reader decodes and converts each document (so that the bad-record policy can skip
 * documents, which a SerDe cannot), and {@link #deserialize} hands its row to Hive. Writing: {@link #serialize} turns
 * a Hive row into one BSON document, as a {@link BytesWritable} of its bytes, which the output format appends to the
 * file.
 */
public class BsonSerDe extends FileSerDe {
    private static final BsonDocumentCodec CODEC = new BsonDocumentCodec();

    private final BasicOutputBuffer buffer = new BasicOutputBuffer();
    private final BytesWritable serialized = new BytesWritable();
    private BsonRowEncoder encoder;

    public BsonSerDe() {
        super(new BsonTableModel(), BsonFileInputFormat.FILE_TABLES);
    }

    @Override
    protected void open(Configuration configuration, TableContext table) {
        encoder = new BsonRowEncoder(table.handle(BsonFileTable.class).layout());
    }

    @Override
    public Class<? extends Writable> getSerializedClass() {
        return BytesWritable.class;
    }

    /** The row {@link BsonFileInputFormat}'s reader converted. */
    @Override
    public Object deserialize(Writable blob) throws SerDeException {
        if (!(blob instanceof RowWritable)) {
            throw unreadable(
                    blob,
                    "reads the rows of " + BsonFileInputFormat.class.getName(),
                    "declare the table with STORED AS INPUTFORMAT '" + BsonFileInputFormat.class.getName()
                            + "' OUTPUTFORMAT '" + BsonFileOutputFormat.class.getName() + "'");
        }
        return super.deserialize(blob);
    }

    /**
     * One BSON document of the row (fields in column order, dotted paths as nested documents), as its bytes. The
     * returned writable is reused by the next call.
     */
    @Override
    public Writable serialize(Object obj, ObjectInspector objInspector) throws SerDeException {
        RowWritable row = (RowWritable) super.serialize(obj, objInspector);
        BsonDocument document;
        try {
            document = encoder.encode(row.values());
        } catch (HandlerException | ValueConversionException e) {
            throw new SerDeException(e.getMessage(), e);
        }
        if (document instanceof RawBsonDocument raw) {
            serialized.set(raw.getBackingArray(), raw.getByteOffset(), raw.getByteLength());
        } else {
            buffer.truncateToPosition(0);
            CODEC.encode(
                    new BsonBinaryWriter(buffer),
                    document,
                    EncoderContext.builder().build());
            serialized.set(buffer.getInternalBuffer(), 0, buffer.getPosition());
        }
        rawDataSize(serialized.getLength());
        return serialized;
    }
}
