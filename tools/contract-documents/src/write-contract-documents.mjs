#!/usr/bin/env node
// `npm run contracts`: writes libs/contracts/openapi.json and asyncapi.json from the code, and says
// which breaking changes (if any) the new documents carry against the committed ones.
import {
  checkContractDocuments,
  committedContractDocuments,
  generateContractDocuments,
  writeContractDocuments,
} from './contract-documents.mjs';

const generated = generateContractDocuments();
const check = checkContractDocuments(committedContractDocuments(), generated);
if (check.breaking.length > 0) {
  console.error(check.message);
  console.error('Nothing written.');
  process.exit(1);
}
for (const change of check.allowed) console.log(`Versioned breaking change: ${change}`);
const changed = writeContractDocuments(generated);
console.log(changed.length > 0 ? `Wrote ${changed.join(', ')}` : 'The contract documents were up to date.');
