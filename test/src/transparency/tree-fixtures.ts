import { generateKeyPairSync } from 'node:crypto';
import { Frontier, Hash, hashLeaf, NodeSource } from '@support/event-sourcing';

/** RFC 6962's test leaves (certificate-transparency's reference implementations use the same). */
export const RFC6962_LEAVES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f']
  .map((hex) => Buffer.from(hex, 'hex'));

export const leavesOf = (count: number): Buffer[] => Array.from({ length: count }, (_, i) => Buffer.from(`leaf ${i}`));

/** The nodes of a tree held in memory: each perfect node is the root of its leaves' own tree. */
export const memoryNodes = (leaves: readonly Buffer[]): NodeSource => ({ level, index }) => {
  const frontier = Frontier.empty();
  leaves.slice(index << level, (index + 1) << level).forEach((leaf) => frontier.append(hashLeaf(leaf)));
  return frontier.root();
};

export const rootOf = (leaves: readonly Buffer[]): Hash => {
  const frontier = Frontier.empty();
  leaves.forEach((leaf) => frontier.append(hashLeaf(leaf)));
  return frontier.root();
};

export const ed25519 = () => generateKeyPairSync('ed25519');
