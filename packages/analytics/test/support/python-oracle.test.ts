import { describe, expect, it } from 'vitest';
import { requirePython } from './python-oracle.js';

describe('requirePython (the oracle suites fail, never skip, when Python is not set up)', () => {
  it('passes when the modules import', () => {
    expect(() => requirePython('json', 'math')).not.toThrow();
  });

  it('fails naming the missing module and the exact apt-get command', () => {
    expect(() => requirePython('json', 'no_such_module_bw')).toThrow(
      /missing: no_such_module_bw\)\. Install them with: apt-get install -y python3 python3-json python3-no_such_module_bw$/,
    );
    expect(() => requirePython('numpy', 'no_such_module_bw')).toThrow(
      /apt-get install -y python3 python3-numpy /,
    );
  });
});
