import type { StoreOption } from '@/lib/alerts/rules';
import { chooseBoard, toggle, type BoardOption, type FormPart } from './alert-form';

type Places = FormPart & { boards: BoardOption[]; stores: StoreOption[] };

/** The covered boards whose stores alert. */
export function BoardsFieldset({ form, update, boards, stores }: Places) {
  return (
    <fieldset className="alerts-fieldset">
      <legend>Boards</legend>
      <div className="alerts-choices">
        {boards.map((b) => (
          <label key={b.board_id} className="alerts-choice">
            <input type="checkbox" checked={form.boardIds.includes(b.board_id)}
              onChange={(e) => update(chooseBoard(form, stores, b.board_id, e.target.checked))} />
            <span>{b.name}</span>
          </label>
        ))}
      </div>
      <span className="hint">One e-mail per check lists every store, whichever board it belongs to.</span>
    </fieldset>
  );
}

/** Every store of the chosen boards, or only the ones ticked (listed per chosen board). */
export function StoresFieldset({ form, update, boards, stores }: Places) {
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
          {boards
            .filter((b) => form.boardIds.includes(b.board_id))
            .map((b) => (
              <div key={b.board_id} role="group" aria-label={`${b.name} stores`}>
                {form.boardIds.length > 1 && <p className="small muted alerts-board">{b.name}</p>}
                <div className="alerts-stores">
                  {stores
                    .filter((s) => s.board_id === b.board_id)
                    .map((s) => (
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
