// The machine a figure comes from: the CPU's model name, vendor and the flags that decide which
// integer kernels run (native: AVX-512 VNNI / AVX-VNNI → vpdpwssd; WebAssembly never gets them), its
// core count, caches and the load. Every report of bench/ states these beside its figures, since the
// project runs on more than one kind of machine (docs/benchmarks.md, "Machines differ").
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The flags of /proc/cpuinfo that the kernels' speed depends on, in this order. */
export const KERNEL_FLAGS = ['avx2', 'fma', 'avx512f', 'avx512bw', 'avx512_vnni', 'avx_vnni', 'avx512_bf16', 'amx_int8'];

/**
 * @param {string} [cpuinfo] the text of /proc/cpuinfo (tests pass one)
 * @returns {{cpu: string, vendor: string, family: string|null, model: string|null, flags: string[], cores: number,
 *   cache: string|null, loadavg: string}}
 */
export function machineInfo(cpuinfo = readFileSync('/proc/cpuinfo', 'utf8')) {
  const first = cpuinfo.split(/\n\s*\n/)[0];
  const field = (name) => (new RegExp(`^${name}\\s*:\\s*(.*)$`, 'm').exec(first) ?? [])[1]?.trim() ?? null;
  const all = new Set((field('flags') ?? '').split(/\s+/));
  let cores = (cpuinfo.match(/^processor\s*:/gm) ?? []).length;
  try { cores = Number(execFileSync('nproc', { encoding: 'utf8' }).trim()) || cores; } catch { /* no nproc */ }
  let loadavg = null;
  try { loadavg = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '); } catch { /* not Linux */ }
  return {
    cpu: field('model name') ?? 'unknown', vendor: field('vendor_id') ?? 'unknown',
    family: field('cpu family'), model: field('model'),
    flags: KERNEL_FLAGS.filter((f) => all.has(f)), cores, cache: field('cache size'), loadavg,
  };
}

/** "AMD EPYC (AuthenticAMD family 26), avx2 fma avx512f avx512bw avx512_vnni avx_vnni, 2 cores" */
export function describeMachine(m) {
  const fam = m.family ? ` family ${m.family}${m.model ? ` model ${m.model}` : ''}` : '';
  return `${m.cpu} (${m.vendor}${fam}), ${m.flags.join(' ') || 'no AVX2'}, ${m.cores} cores`;
}
