export * from './desk';
export { asciiFold } from './contacts';
export { LIFECYCLES, LIFECYCLE_STEPS, Lifecycle } from './lifecycle';
export { FIRST_NAMES, SURNAMES } from './names';
export { deskShapes, describeDesk } from './shapes';
