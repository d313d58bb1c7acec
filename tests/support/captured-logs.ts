import { LOGGER } from '@shop/server';
import { pino, type Logger } from 'pino';

type Writable = { write(line: string): unknown };

/**
 * Every line the apps' loggers write from now on, at every level (debug included), kept here instead of going to
 * stdout: for tests that look at what a log would hold. `restore()` puts level and stream back.
 */
export function captureLogs(apps: ReadonlyArray<{ get<T>(token: unknown): T }>): {
  lines: string[];
  restore(): void;
} {
  const lines: string[] = [];
  const restores = apps.map((app) => {
    const logger = app.get<Logger>(LOGGER);
    const stream = (logger as unknown as Record<symbol, Writable>)[pino.symbols.streamSym];
    const { write } = stream;
    const level = logger.level;
    stream.write = (line: string) => lines.push(line) > 0;
    logger.level = 'trace';
    return () => {
      stream.write = write;
      logger.level = level;
    };
  });
  return { lines, restore: () => restores.forEach((restore) => restore()) };
}
