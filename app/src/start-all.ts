import { runComponents } from './run-component';
import { ALL_COMPONENTS } from './service';

/** `npm start`: every component in one process, on the engines the environment names (embedded by default). */
runComponents(ALL_COMPONENTS);
