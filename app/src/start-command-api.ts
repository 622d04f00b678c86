import { runComponents } from './run-component';

/** `npm run start:command-api`: this component alone (distributed topology). */
runComponents(['command-api']);
