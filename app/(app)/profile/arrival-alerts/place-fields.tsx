import { useId, useState } from 'react';
import { MAX_ALERT_BOARDS, RADIUS_CHOICES, type AlertBoardOption, type StoreOption } from '@/lib/alerts/rules';
import type { HunterPlace } from '@/lib/places/types';
import { PRECISIONS } from '@/lib/reference/precision';
import { alertBoardHint, BOARD_GROUP_LABELS } from '@/lib/reports-client/precision';
import { useHunterPlace } from '../../../_components/places/hunter-place';
import { chooseBoard, storesOfBoard, toggle, type FormPart } from './alert-form';

type Places = FormPart & { boards: AlertBoardOption[]; stores: StoreOption[] };

const GROUPS = PRECISIONS.filter((p) => p !== 'warehouse');

const hintOf = (b: AlertBoardOption) => alertBoardHint({ precision: b.precision, name: b.name, stores: b.stores, onlyStore: b.only_store?.nickname ?? null });

/** The boards that alert, as a list: each with what its alerts mean, a Remove button, and "Add a board". */
export function BoardsFieldset({ form, update, boards, stores }: Places) {
  const id = useId();
  const [adding, setAdding] = useState('');
  const chosen = form.boardIds.map((boardId) => boards.find((b) => b.board_id === boardId)).filter((b) => b !== undefined);
  const full = form.boardIds.length >= MAX_ALERT_BOARDS;

  function add() {
    const boardId = Number(adding);
    if (!boardId || form.boardIds.includes(boardId)) return;
    update(chooseBoard(form, stores, boardId, true));
    setAdding('');
  }

  return (
    <fieldset className="alerts-fieldset">
      <legend>Boards</legend>
      <ul className="alerts-boards" aria-label="Boards you get alerts for">
        {chosen.map((b) => (
          <li key={b.board_id} className="alerts-board">
            <div className="alerts-board-text">
              <strong>{b.name}</strong>
              <span className="hint">{hintOf(b)}</span>
            </div>
            <button type="button" className="btn btn-secondary btn-sm" aria-label={`Remove ${b.name}`}
              onClick={() => update(chooseBoard(form, stores, b.board_id, false))}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      {!full && (
        <div className="alerts-add">
          <label htmlFor={`${id}-add`} className="small">Add a board</label>
          <div className="row nowrap alerts-add-row">
            <select id={`${id}-add`} className="input" value={adding} onChange={(e) => setAdding(e.target.value)}>
              <option value="">Choose a board…</option>
              {GROUPS.map((precision) => (
                <optgroup key={precision} label={BOARD_GROUP_LABELS[precision]}>
                  {boards
                    .filter((b) => b.precision === precision && !form.boardIds.includes(b.board_id))
                    .map((b) => (
                      <option key={b.board_id} value={b.board_id}>
                        {b.name}
                      </option>
                    ))}
                </optgroup>
              ))}
            </select>
            <button type="button" className="btn btn-secondary" onClick={add} disabled={!adding}>
              Add
            </button>
          </div>
        </div>
      )}
      <span className="hint">
        {full ? `You follow ${MAX_ALERT_BOARDS} boards, the most alerts can follow. ` : ''}One message per check and channel lists every store and shipment, whichever board it belongs to.
      </span>
    </fieldset>
  );
}

/** Every store of the chosen boards, or only the ones ticked (listed per chosen board that names stores). */
export function StoresFieldset({ form, update, boards, stores }: Places) {
  const chosen = boards.filter((b) => form.boardIds.includes(b.board_id));
  const withStores = chosen.filter((b) => storesOfBoard(b, stores).length > 0);
  return (
    <fieldset className="alerts-fieldset">
      <legend>Stores</legend>
      <label className="alerts-option">
        <input type="radio" name="alert-stores" checked={!form.someStores} onChange={() => update({ someStores: false })} />
        <span>
          <strong>All stores</strong>
        </span>
      </label>
      <label className="alerts-option">
        <input type="radio" name="alert-stores" checked={form.someStores} onChange={() => update({ someStores: true })} />
        <span>
          <strong>Only these stores</strong>
          {form.someStores && <span className="hint">{form.storeIds.length} chosen</span>}
        </span>
      </label>
      {form.someStores && (
        <div className="stack" role="group" aria-label="Stores to alert for">
          {withStores.map((b) => (
            <div key={b.board_id} role="group" aria-label={`${b.name} stores`}>
              {chosen.length > 1 && <p className="small muted alerts-board-name">{b.name}</p>}
              <div className="alerts-stores">
                {storesOfBoard(b, stores).map((s) => (
                  <label key={s.store_id} className="alerts-choice alerts-store">
                    <input type="checkbox" checked={form.storeIds.includes(s.store_id)}
                      onChange={(e) => update({ storeIds: toggle(form.storeIds, s.store_id, e.target.checked) })} />
                    <span>
                      {s.nickname} <span className="muted small">#{s.store_number}</span>
                    </span>
                  </label>
                ))}
              </div>
            </div>
          ))}
        </div>
      )}
    </fieldset>
  );
}

const PLACE_LOAD_FAILED = 'Could not load your place.';

/** What the distance starts from, or why there is none. `place`: undefined while loading. */
function radiusHint(place: HunterPlace | null | undefined, failed: boolean, radius: number | null): string {
  if (place === undefined) return failed ? PLACE_LOAD_FAILED : 'Loading your place…';
  if (place === null) {
    return radius !== null
      ? 'Paused: your place was removed. Set it again under Your place, or choose no distance.'
      : 'Set your place under Your place, above, to get alerts by distance across county lines.';
  }
  const from = place.source === 'zip' ? `ZIP code ${place.zip}` : 'your location';
  return `From ${from}, across county lines; each alert says how far the store is. A board the state does not split by store alerts when any of its stores is this near.`;
}

/**
 * "Within N miles of my place": every store that near alerts too, whatever its board (issue 39). Offered only with a
 * place (the "Your place" card); a distance kept from before the place was removed is shown as paused.
 */
export function RadiusFieldset({ form, update }: FormPart) {
  const id = useId();
  const { state } = useHunterPlace(PLACE_LOAD_FAILED);
  const place = state.status === 'ready' ? state.data.place : undefined;
  const choices: number[] = [...RADIUS_CHOICES];
  if (form.radius !== null && !choices.includes(form.radius)) choices.push(form.radius);
  choices.sort((a, b) => a - b);
  return (
    <fieldset className="alerts-fieldset" data-testid="alert-radius">
      <legend>Distance</legend>
      <label htmlFor={`${id}-radius`} className="small">Also every store within</label>
      <select id={`${id}-radius`} className="input" value={form.radius ?? ''} disabled={place === null && form.radius === null}
        aria-describedby={`${id}-radius-hint`}
        onChange={(e) => update({ radius: e.target.value ? Number(e.target.value) : null })}>
        <option value="">No distance: boards and stores only</option>
        {choices.map((miles) => (
          <option key={miles} value={miles}>
            {miles} miles of my place
          </option>
        ))}
      </select>
      <span className="hint" id={`${id}-radius-hint`}>
        {radiusHint(place, state.status === 'error', form.radius)}
      </span>
    </fieldset>
  );
}
