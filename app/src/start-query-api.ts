import { runComponents } from './run-component';

/** `npm run start:query-api`: this component alone (distributed topology). */
runComponents(['query-api']);
