/**
 * Importing the old shop's MongoDB data (docs/architecture.md#importing-the-old-shops-mongodb-data):
 * `importMongoDump(db, dir)` reads a mongoexport or mongodump folder and writes it, and the report
 * says what it did. Used by `npm run import:mongo`.
 */
export { importMongoDump } from "./import.server";
export { DEFAULT_DUMP_LIMITS, findDumpFiles, type DumpLimits } from "./read-dump";
export { mongoImportReportText, type MongoImportReport } from "#domain/mongo-import.ts";
