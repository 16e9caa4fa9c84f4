// The review form's rules on their own, for a lazy import: zod loads when a member opens the form,
// not with every card that could show it (the JavaScript budget (docs/web-performance.md)).
export { ReviewFields } from '@jamii/shared';
