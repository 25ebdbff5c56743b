// The output of the scriptable commands: formats, --columns, and the streaming record writer.
export { cellText, isoTime, plainText, terminalText } from './cells.js';
export { columnValue, type NamesOf, parseColumns, projectRecord, valueAt } from './columns.js';
export { csvField, csvLine, guardFormula } from './csv.js';
export { columnsRead, createEmitter, type Emitter, type EmitterOptions, TABLE_PAGE_ROWS } from './emitters.js';
export { defaultFormat, isOutputFormat, OUTPUT_FORMATS, type OutputFormat, parseFormat } from './format.js';
export { headerText, MAX_CELL_WIDTH, tableCell, tableLines } from './table.js';
export { createRecordWriter, type OutputSink, type RecordWriter, type RecordWriterOptions } from './writer.js';
export { yamlDocument, yamlLines, yamlSequenceItem, yamlString } from './yaml.js';
