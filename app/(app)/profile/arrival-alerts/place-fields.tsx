import { useId, useState } from 'react';
import { MAX_ALERT_BOARDS, type AlertBoardOption, type StoreOption } from '@/lib/alerts/rules';
import { PRECISIONS } from '@/lib/reference/precision';
import { alertBoardHint, BOARD_GROUP_LABELS } from '@/lib/reports-client/precision';
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
