// The review form's rules on their own, for a lazy import: zod loads when a member opens the form,
// not with every card that could show it (issue 17's JavaScript budget).
export { ReviewFields } from '@jamii/shared';
