// The domain room: rules about the workspace's facts that are not drawing (risk evidence, who a
// member id is, where money goes, the limit that asked for approval). Pure; imports only contract
// and format; view, live, store and commands may import it.
export { type AssetInfo, assetInfo } from './asset.js';
export {
  bookRecordFor,
  type Destination,
  type DestinationRef,
  destinationOf,
  destinationWords,
  sourceOf,
} from './destinations.js';
export { evidenceApplies, evidenceFor, evidenceShown, ORDER as EVIDENCE_ORDER } from './evidence.js';
export {
  type EvidenceId,
  type EvidenceInput,
  type EvidenceItem,
  type EvidenceTone,
  MIN_OUTGOING,
  MIN_SAMPLES,
  MOST_PERCENT,
  UNUSUAL_FACTOR,
} from './evidence-item.js';
export { type DestinationHistory, destinationKey, type History, historyOf, medianDecimal, MEDIAN_WINDOW } from './evidence-history.js';
export { type EvidenceSummary, evidenceSummary, type Graded, gravest, NOTHING_NOTED } from './evidence-summary.js';
export {
  type BalancesFacts,
  type DictionaryFacts,
  type DirectoryFacts,
  NO_DIRECTORY,
  type ReferenceState,
  type WorkspaceFacts,
} from './facts.js';
export { type LimitField, limitFields, limitLines, limitOf } from './limits.js';
export { membersNote, namesIn, type People, peopleText, type PersonLabel, personLabel, personName } from './people.js';
export { isIncomingType, isOutgoing, transactionAmount, transactionNetwork } from './transaction.js';
export { clean, nonBlank, SHORT_ID } from './wire-text.js';
