// `npm run cli -- ...`: the offline FIRE tools run without loading the server's runtime (no database, no
// configuration); `ssa` is the SSA operator queue (ssa.ts); every other command is the management CLI in main.ts.
const argv = process.argv.slice(2);
if (argv[0] === "fire") {
  const { fireCommand } = await import("./fire.ts");
  process.exit(await fireCommand(argv.slice(1)));
} else if (argv[0] === "ssa") {
  const { runSsaCli } = await import("./ssa-main.ts");
  process.exit(await runSsaCli(argv.slice(1)));
} else {
  await import("./main.ts");
}
