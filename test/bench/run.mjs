// `npm run bench`: the terminal benchmark arrives with the performance issue.
process.stdout.write('custody bench: not built yet (the performance issue adds it)\n');
