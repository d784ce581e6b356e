import { describe, expect, it } from 'vitest';
import { requirePython } from './python-oracle.js';

describe('requirePython (the golden generator stops with the install command when Python is not set up)', () => {
  it('names every missing module and the exact apt-get command when the interpreter is absent', () => {
    // A path that does not exist: nothing is spawned, so this test needs no Python either.
    expect(() => requirePython(['numpy', 'scipy'], '/nonexistent/bellwether/python3')).toThrow(
      /needs \/nonexistent\/bellwether\/python3 with numpy, scipy \(missing: numpy, scipy\)\. Install them with: apt-get install -y python3 python3-numpy python3-scipy$/,
    );
  });

  it('maps a module without a known package to python3-<module>', () => {
    expect(() => requirePython(['numpy', 'no_such_module_bw'], '/nonexistent/bellwether/python3')).toThrow(
      /apt-get install -y python3 python3-numpy python3-no_such_module_bw$/,
    );
  });
});
