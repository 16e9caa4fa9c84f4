import * as repo from './employer-verification.repo';

// For account deletion (users feature) and the shield: read apart from the service, which would
// otherwise be imported by the features it imports.
export const findDocumentKeysOfMember = repo.findDocumentKeysOfMember;
export const claimsAgency = repo.claimsAgency;
