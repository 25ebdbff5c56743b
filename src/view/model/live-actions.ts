// What the view may ask of the live engine: its actions type, nothing else of live/.
export type { ActivitiesOutcome, LiveActions, RefreshScope } from '../../live/index.js';
