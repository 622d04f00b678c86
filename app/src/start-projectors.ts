import { runComponents } from './run-component';

/** `npm run start:projectors`: this component alone (distributed topology). */
runComponents(['projectors']);
