// The router lives in React; sagas that care where the user is learn it from this event,
// dispatched by the layout for every pathname it shows, the first one included.
import { createAction } from '@reduxjs/toolkit';

export const locationChanged = createAction<{ pathname: string }>('router/locationChanged');
