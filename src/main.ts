// Process entry: argv -> command. Filled in by the foundation issue.
process.stdout.write('custody-console: coming soon\n');
