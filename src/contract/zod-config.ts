// zod compiles a fast path (new Function) for each object schema on its first parse: about 20 ms
// of every start, paid before the first rows can show. Without it a parse costs a little more
// (a 1,000-row page: ~35 ms instead of ~25 ms), which the console pays rarely and in the
// background; the first frame pays the compile every time.
import * as z from 'zod';

z.config({ jitless: true });
