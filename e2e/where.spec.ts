import { boardData, type BoardData } from './board-data';
import { clientFirst, expect, test } from './fixtures';

// "Where is it now": one product across every covered board, reached from Current Inventory and Warehouse
// Inventory. e2e/board-data.ts puts an Allocation product on a Durham and a Greensboro shelf (Greensboro's
// source failing) and ships it to Durham.

let data: BoardData;
test.beforeAll(async () => {
  data = await boardData();
});

test.beforeEach(async ({ page, createUser, signIn }) => {
  await signIn(page, await createUser());
});

test('from Current Inventory: every board\'s stores holding it, a failing source said plainly, the warehouse and shipments @phone', async ({ page }) => {
  await page.goto('/inventory?board=78');
  const card = page.getByTestId('inventory-product').filter({ hasText: data.allocation.name });
  await card.locator('summary').click();
  await card.getByRole('link', { name: /Where is it now/ }).click();
  await expect(page).toHaveURL(`/products/${data.allocation.plu}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(data.allocation.name);

  const boards = page.getByTestId('where-board');
  await expect(boards.getByRole('heading', { level: 2 })).toHaveText(['Wake County', 'Durham County', 'Greensboro', 'New Hanover County']);
  const durham = boards.filter({ has: page.getByRole('heading', { name: 'Durham County' }) });
  await expect(durham.getByRole('link', { name: data.durham[0].nickname })).toBeVisible();
  await expect(durham).toContainText('3 bottles');
  await expect(durham).toContainText(/Shelves last checked \d{2}\/\d{2}\/\d{4}/);
  await expect(durham).toContainText(/shipped \d+ cases? in the last 30 days \(latest \d{2}\/\d{2}\/\d{4}\)/);
  const greensboro = boards.filter({ has: page.getByRole('heading', { name: 'Greensboro' }) });
  await expect(greensboro.getByRole('status')).toContainText('The latest check of Greensboro’s inventory failed');
  const newHanover = boards.filter({ has: page.getByRole('heading', { name: 'New Hanover County' }) });
  await expect(newHanover).toContainText('Not checked yet');
  // The warehouse is told once, in its own section, with its age.
  await expect(page.getByTestId('where-warehouse')).toHaveText(/^\d+ bottles? at the state warehouse \(checked \d{2}\/\d{2}\/\d{4}.*\)$|^Not on the warehouse report\.$/);
  await expect(page.getByText(/bottles? at the state warehouse|Not on the warehouse report/)).toHaveCount(1);
  await expect(page.getByTestId('where-shipped-total')).toHaveText(/^[1-9]\d* bottles? to [1-9]\d* boards? in the last 30 days$/);
  // Durham's shipment is the board's (the state does not say which store), apart from its shelves.
  await expect(page.getByTestId('where-shipped-board').getByTestId('where-shipment').filter({ hasText: 'Durham County' })).toContainText(
    /^Shipped to Durham County in the last 30 days \(latest \d{2}\/\d{2}\/\d{4}\): \d+ cases? \(\d+ bottles\) for one of its \d+ stores — the state does not say which\./,
  );

  // A store links to its page.
  await durham.getByRole('link', { name: data.durham[0].nickname }).click();
  await expect(page).toHaveURL(`/stores/${data.durham[0].id}`);

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('from Warehouse Inventory, and a PLU the catalog does not know', async ({ page }) => {
  await page.goto('/warehouse-inventory');
  const link = page.getByRole('link', { name: /Where is it now/ }).first();
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  await link.click();
  await expect(page).toHaveURL(href!);
  await expect(page.getByTestId('where-board')).toHaveCount(4);

  await page.goto('/products/99998');
  await expect(page.getByRole('main').getByRole('alert')).toContainText('No product with PLU 99998');
});

test('a product shipped to many boards lists the ten latest, and the rest on request @phone', async ({ page }) => {
  await clientFirst(page); // the answer is changed in flight: the screen must load it itself
  await page.route(`**/api/inventory/product/${data.allocation.plu}/where`, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.shipments = Array.from({ length: 14 }, (_, i) => ({
      board_id: 1000 + i,
      board_name_clean: `Board ${i + 1}`,
      last_ship_date: `2026-11-${String(24 - i).padStart(2, '0')}`,
      cases: 1,
      units: 6,
      precision: 'board',
      board_precision: 'board',
      stores: 3,
      only_store: null,
    }));
    await route.fulfill({ response, json: body });
  });
  await page.goto(`/products/${data.allocation.plu}`);
  const rows = page.getByTestId('where-shipped-board').getByTestId('where-shipment');
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText('Board 1');
  await page.getByRole('button', { name: 'Show all 14 boards' }).click();
  await expect(rows).toHaveCount(14);
  await expect(page.getByRole('button', { name: /Show all/ })).toHaveCount(0);
});
