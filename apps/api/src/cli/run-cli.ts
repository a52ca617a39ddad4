/** Runs a command and exits with its code; a thrown error is printed with the command's usage (exit 1). */
export function runCli(main: () => Promise<number>, usage: string): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      console.error(usage);
      process.exit(1);
    },
  );
}
