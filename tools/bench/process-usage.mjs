// What a process costs, read from Linux's /proc: CPU time and resident memory, and which process
// listens on a port (so a benchmark measures the gateway or service of its own stack, not another's).
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * CPU seconds (user and system) the process `pid` has used: what a request costs stays comparable
 * when other work shares the machine, as its latency does not.
 */
export function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime, the 14th and 15th fields, in clock ticks of 1/100 s (Linux's USER_HZ).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Resident memory of `pid` in MiB. */
export function residentMiB(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : 0;
}

/** The variable `name` of the environment `pid` was started with (its own, as the runner gave it). */
export function environmentOf(pid, name) {
  const entry = readFileSync(`/proc/${pid}/environ`, 'utf8')
    .split('\0')
    .find((line) => line.startsWith(`${name}=`));
  return entry?.slice(name.length + 1);
}

const processIds = () =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);

/** `pid` and every process below it (a gateway's cluster workers). */
export function processTree(pid) {
  const parentOf = new Map();
  for (const id of processIds()) {
    try {
      parentOf.set(id, Number(readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1].split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [id, parent] of parentOf) if (parent === tree[i]) tree.push(id);
  }
  return tree;
}

/** CPU seconds of `pid` and its descendants. */
export function treeCpuSeconds(pid) {
  return processTree(pid).reduce((sum, id) => {
    try {
      return sum + cpuSeconds(id);
    } catch {
      return sum;
    }
  }, 0);
}

/** Resident MiB of `pid` and its descendants. */
export function treeResidentMiB(pid) {
  return processTree(pid).reduce((sum, id) => {
    try {
      return sum + residentMiB(id);
    } catch {
      return sum;
    }
  }, 0);
}

/** The socket inodes listening on TCP `port` (IPv4 and IPv6). */
function listeningInodes(port) {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      // local_address is ADDR:PORT; state 0A is LISTEN; the inode is the 10th column.
      if (columns[1]?.endsWith(`:${hexPort}`) && columns[3] === '0A') inodes.add(columns[9]);
    }
  }
  return inodes;
}

/** The process that listens on TCP `port` on this machine; throws when there is none. */
export function pidListeningOn(port) {
  const inodes = listeningInodes(port);
  for (const id of processIds()) {
    let descriptors;
    try {
      descriptors = readdirSync(`/proc/${id}/fd`);
    } catch {
      continue;
    }
    for (const fd of descriptors) {
      try {
        const target = readlinkSync(`/proc/${id}/fd/${fd}`);
        if (target.startsWith('socket:[') && inodes.has(target.slice(8, -1))) return id;
      } catch {
        // closed meanwhile
      }
    }
  }
  throw new Error(`no process of this user listens on port ${port}`);
}
