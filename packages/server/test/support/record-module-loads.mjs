// Registered with --import: records the URL of every module the process loads, one a line, in the file
// named by BW_RECORD_LOADS (module.register's hooks run on their own thread and append as they resolve).
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
import { appendFileSync } from 'node:fs';
const out = ${JSON.stringify(process.env.BW_RECORD_LOADS ?? '')};
export async function load(url, context, next) {
  if (out !== '') appendFileSync(out, url + '\\n');
  return next(url, context);
}`)}`,
);
