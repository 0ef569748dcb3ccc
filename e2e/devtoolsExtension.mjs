// A stand-in for the Redux DevTools browser extension (headless Chromium cannot load extensions),
// with the interface Redux Toolkit talks to: window.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__(options)
// returns a compose whose store enhancer wraps createStore, innermost, as the extension does. It
// keeps a lifted store the way @redux-devtools/instrument does: every action the app dispatches is
// recorded with the state it computed (and, with `trace`, the stack that dispatched it); a jump
// moves the current state without running anything (no middleware, so no saga sees it); an import
// replaces the whole history and recomputes its states through this tab's reducer, as the
// extension's Import does; replaceReducer recomputes them too; Lock drops the app's new actions.
// Export applies the app's actionSanitizer and stateSanitizer, as the extension's monitor does.
//
// Installed with page.addInitScript(installDevToolsStandIn) before the app's scripts run; tests
// drive it through window.__REDUX_DEVTOOLS_STAND_IN__.

/** Runs in the page: self-contained, no closure over this module. */
export function installDevToolsStandIn() {
  const INIT_ACTION = { type: '@@INIT' };
  let instance = null;
  let lastOptions = null;

  function instrument(options) {
    const maxAge = options.maxAge ?? 50;
    const traceLimit = options.traceLimit ?? 10;
    const liftAction = (action) => ({
      type: 'PERFORM_ACTION',
      action,
      timestamp: Date.now(),
      stack: options.trace
        ? new Error().stack
            .split('\n')
            .slice(1, traceLimit + 1)
            .join('\n')
        : undefined,
    });

    return (createStore) => (reducer, preloadedState) => {
      let appReducer = reducer;

      /** States from index `from` on, each computed from the one before by the current reducer. */
      function recompute(lifted, from) {
        const computedStates = lifted.computedStates.slice(0, from);
        for (let index = from; index < lifted.stagedActionIds.length; index += 1) {
          const previous = index === 0 ? lifted.committedState : computedStates[index - 1].state;
          const action = lifted.actionsById[lifted.stagedActionIds[index]].action;
          try {
            computedStates.push({ state: appReducer(previous, action) });
          } catch (error) {
            computedStates.push({ state: previous, error: String(error) });
          }
        }
        return { ...lifted, computedStates };
      }

      /** Commits the oldest actions beyond maxAge into the committed state, as instrument does. */
      function commitExcess(lifted) {
        const excess = lifted.stagedActionIds.length - maxAge;
        if (excess <= 0) return lifted;
        const dropped = lifted.stagedActionIds.slice(1, excess + 1);
        const actionsById = { ...lifted.actionsById };
        dropped.forEach((id) => delete actionsById[id]);
        return {
          ...lifted,
          actionsById,
          stagedActionIds: [0, ...lifted.stagedActionIds.slice(excess + 1)],
          committedState: lifted.computedStates[excess].state,
          computedStates: lifted.computedStates.slice(excess),
          currentStateIndex: Math.max(0, lifted.currentStateIndex - excess),
        };
      }

      function liftedReducer(lifted, liftedAction) {
        if (!lifted) {
          lifted = {
            actionsById: { 0: liftAction(INIT_ACTION) },
            nextActionId: 1,
            stagedActionIds: [0],
            skippedActionIds: [],
            committedState: preloadedState,
            currentStateIndex: 0,
            computedStates: [],
            isLocked: false,
          };
        }
        // createStore's own init and replaceReducer: every state again, with the reducer there now.
        if (/^@@redux\/(INIT|REPLACE)/.test(liftedAction.type)) return recompute(lifted, 0);
        switch (liftedAction.type) {
          case 'PERFORM_ACTION': {
            if (lifted.isLocked) return lifted;
            const id = lifted.nextActionId;
            const atEnd = lifted.currentStateIndex === lifted.stagedActionIds.length - 1;
            const next = {
              ...lifted,
              actionsById: { ...lifted.actionsById, [id]: liftedAction },
              nextActionId: id + 1,
              stagedActionIds: [...lifted.stagedActionIds, id],
              currentStateIndex: atEnd ? lifted.stagedActionIds.length : lifted.currentStateIndex,
            };
            return commitExcess(recompute(next, next.stagedActionIds.length - 1));
          }
          case 'JUMP_TO_STATE':
            return { ...lifted, currentStateIndex: liftedAction.index };
          case 'LOCK_CHANGES':
            return { ...lifted, isLocked: liftedAction.status };
          case 'IMPORT_STATE': {
            const imported = liftedAction.nextLiftedState;
            return recompute(
              {
                ...lifted,
                actionsById: imported.actionsById,
                nextActionId: imported.nextActionId,
                stagedActionIds: imported.stagedActionIds,
                skippedActionIds: imported.skippedActionIds ?? [],
                committedState: imported.committedState,
                currentStateIndex: imported.currentStateIndex,
                computedStates: imported.computedStates,
              },
              0,
            );
          }
          default:
            return lifted;
        }
      }

      const liftedStore = createStore(liftedReducer);
      const getState = () => {
        const lifted = liftedStore.getState();
        return lifted.computedStates[lifted.currentStateIndex].state;
      };
      instance = { liftedStore, getState };
      return {
        ...liftedStore,
        liftedStore,
        getState,
        dispatch(action) {
          liftedStore.dispatch(liftAction(action));
          return action;
        },
        replaceReducer(nextReducer) {
          appReducer = nextReducer;
          liftedStore.replaceReducer(liftedReducer);
        },
      };
    };
  }

  window.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ =
    (options = {}) =>
    (...funcs) =>
    (createStore) => {
      lastOptions = options;
      return [...funcs, instrument(options)].reduceRight((next, enhancer) => enhancer(next), createStore);
    };

  const lifted = () => {
    if (!instance) throw new Error('No store has connected to the DevTools stand-in yet');
    return instance.liftedStore.getState();
  };

  window.__REDUX_DEVTOOLS_STAND_IN__ = {
    connected: () => instance !== null,
    /** The options the app gave, the sanitizers as whether they are there. */
    options: () =>
      lastOptions && {
        ...lastOptions,
        actionSanitizer: typeof lastOptions.actionSanitizer === 'function',
        stateSanitizer: typeof lastOptions.stateSanitizer === 'function',
      },
    stateCount: () => lifted().stagedActionIds.length,
    currentIndex: () => lifted().currentStateIndex,
    currentState: () => instance.getState(),
    actions: () => lifted().stagedActionIds.map((id) => lifted().actionsById[id]),
    errors: () =>
      lifted()
        .computedStates.filter((entry) => entry.error)
        .map((entry) => entry.error),
    /** The log as the extension's Export writes it: the lifted state, through the app's sanitizers. */
    exportLog() {
      const state = lifted();
      const sanitizeAction = lastOptions.actionSanitizer ?? ((action) => action);
      const sanitizeState = lastOptions.stateSanitizer ?? ((value) => value);
      const actionsById = Object.fromEntries(
        Object.entries(state.actionsById).map(([id, entry]) => [
          id,
          { ...entry, action: sanitizeAction(entry.action, Number(id)) },
        ]),
      );
      const computedStates = state.computedStates.map((entry, index) => ({
        ...entry,
        state: sanitizeState(entry.state, index),
      }));
      return JSON.stringify({
        payload: JSON.stringify({ ...state, actionsById, computedStates }),
        preloadedState: JSON.stringify(state.committedState),
      });
    },
    /** The extension's Import: the whole history replaced, its states recomputed here. */
    importLog(text) {
      const file = JSON.parse(text);
      const nextLiftedState = JSON.parse(file.payload);
      instance.liftedStore.dispatch({ type: 'IMPORT_STATE', nextLiftedState });
    },
    jumpToState(index) {
      instance.liftedStore.dispatch({ type: 'JUMP_TO_STATE', index });
    },
    lock(status) {
      instance.liftedStore.dispatch({ type: 'LOCK_CHANGES', status });
    },
  };
}
