import { expect } from 'chai';
import { LOG_LEVELS, parseLogLevel } from '@support/adapters';
import { capturedLogger } from './captured-logger';

describe('logs (pino): one JSON line per entry, LOG_LEVEL at every level', () => {
  it('given an entry, then it is one JSON line with time, level name, message and the fields', () => {
    const captured = capturedLogger();
    captured.logger.info('request', { requestId: 'r-1', status: 201, ms: 3.5 });
    captured.logger.warn('slow', { requestId: 'r-2' });
    expect(captured.lines).to.have.length(2);
    const [first, second] = captured.entries();
    expect(first).to.include({ level: 'info', message: 'request', requestId: 'r-1', status: 201, ms: 3.5 });
    expect(first.time).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(second).to.include({ level: 'warn', message: 'slow' });
  });

  const written = (level: Parameters<typeof capturedLogger>[0]) => {
    const c = capturedLogger(level);
    c.logger.info('i');
    c.logger.warn('w');
    c.logger.error('e');
    return c.entries().map((e) => e.level);
  };

  it('given each LOG_LEVEL, then exactly the entries at or above it are written', () => {
    expect(written('trace')).to.deep.equal(['info', 'warn', 'error']);
    expect(written('debug')).to.deep.equal(['info', 'warn', 'error']);
    expect(written('info')).to.deep.equal(['info', 'warn', 'error']);
    expect(written('warn')).to.deep.equal(['warn', 'error']);
    expect(written('error')).to.deep.equal(['error']);
    expect(written('fatal')).to.deep.equal([]);
    expect(written('silent')).to.deep.equal([]);
  });

  it('reads LOG_LEVEL in any case, info when unset, and refuses an unknown level naming the allowed ones', () => {
    expect(parseLogLevel(undefined)).to.equal('info');
    expect(parseLogLevel(' ')).to.equal('info');
    expect(parseLogLevel('WARN')).to.equal('warn');
    for (const level of LOG_LEVELS) expect(parseLogLevel(level)).to.equal(level);
    expect(() => parseLogLevel('verbose')).to.throw('LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, got "verbose"');
  });
});
