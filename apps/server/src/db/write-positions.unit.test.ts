import { describe, expect, it } from 'vitest';
import { createWritePositions, parseLsn, WRITE_POSITION_TTL_MS } from './write-positions';

describe('write positions', () => {
  it('reads PostgreSQL WAL positions as numbers that compare across the high word', () => {
    expect(parseLsn('0/3000000')).toBe(0x3000000n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
    expect(() => parseLsn('not/a-position')).toThrow('"not/a-position" is not a WAL position');
  });

  it("keeps a member's last write for 30 s, and a visitor's write for every reader", async () => {
    let now = 1_000_000;
    const positions = createWritePositions({ now: () => now });
    positions.note(7, 500n);
    positions.note(7, 400n);
    expect(await positions.required(7)).toBe(500n);
    expect(await positions.required(8)).toBe(0n);
    positions.note(null, 600n);
    expect(await positions.required(8)).toBe(600n);
    expect(await positions.required(null)).toBe(600n);
    now += WRITE_POSITION_TTL_MS;
    expect(await positions.required(7)).toBe(0n);
    expect(await positions.required(8)).toBe(0n);
  });
});
