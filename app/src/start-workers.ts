import { runComponents } from './run-component';

/** `npm run start:workers`: this component alone (distributed topology). */
runComponents(['workers']);
