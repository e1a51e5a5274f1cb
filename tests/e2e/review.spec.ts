import { fieldDefinitions, tableDefinitions } from '../../src/shared/fields/catalogue.ts';
import type { ParsedData } from '../../src/shared/proposals/parsed-data.ts';
import { locateValues } from '../../src/shared/proposals/value-refs.ts';
import {
  fetchDocument,
  fieldKey,
  ReviewPage,
  type ServedDocument,
  type ServedItem,
  uploadAndRead,
} from './pages/review-page.ts';
import { fixture } from './support/files.ts';
import { expect, screenshot, test, unique } from './support/test.ts';

/**
 * Review and teach (issue 12) with nothing stubbed: a real PDF uploaded and read by the local
 * engine, its pages drawn by the server, corrections saved as revisions.
 */

const fieldsOf = (doc: ServedDocument) =>
  (doc.data ?? []).filter(
    (item): item is Extract<ServedItem, { type: 'field' }> =>
      item.type === 'field' && item.value.trim() !== '',
  );

/** A column of the first row of a plan information table that holds no value. */
function missingCell(doc: ServedDocument) {
  for (const table of tableDefinitions.filter((t) => t.section === 'planInformation')) {
    const item = doc.data?.find((i) => i.type === 'table' && i.label === table.label);
    if (item?.type !== 'table') continue;
    const row = Math.min(...item.cells.map((c) => c.row));
    const filled = new Set(
      item.cells.filter((c) => c.row === row && c.value.trim()).map((c) => c.label),
    );
    const col = table.columns.findIndex((c) => !filled.has(`${table.label}_${c}`));
    if (col < 0) continue;
    const label = `${table.label}_${table.columns[col]}`;
    return {
      table: table.label,
      title: fieldDefinitions.find((f) => f.label === label)!.title,
      key: `cell/${table.label}/${row}/${col}`,
    };
  }
  throw new Error('The reading left no plan information column empty');
}

const boxed = (doc: ServedDocument) =>
  fieldsOf(doc).filter((f) => f.source?.box && f.value.length < 40);

test.use({ viewport: { width: 1440, height: 900 } });

test.describe('review and correct a carrier proposal', () => {
  test('click a value → its page with the box; correct, add from the page, remove, save, reload, restore', async ({
    page,
    request,
  }) => {
    const doc = await uploadAndRead(
      request,
      fixture('dev02-lincoln-dental-vision-2class.pdf'),
      unique('Review Lincoln'),
    );
    const [shown, corrected, removed] = boxed(doc);
    expect(removed, 'three fields read with their boxes').toBeDefined();
    const pages = (await (
      await request.get(`/api/documents/carrierProposals/${doc.id}/pages`)
    ).json()) as Array<{ page: number; width: number; height: number }>;
    const screen = new ReviewPage(page);
    await screen.goto(doc.id);

    // Click a value: its page is shown with its box, where the engine read it.
    await screen.value(fieldKey(shown!.label)).click();
    await expect(screen.box).toBeVisible();
    const source = shown!.source!;
    await expect(screen.pane.getByText(`Page ${source.page} of ${pages.length}`)).toBeVisible();
    await expect(screen.origin).toContainText(`Read on page ${source.page}`);
    const size = pages.find((p) => p.page === source.page)!;
    const left = await screen.box.evaluate((el) => Number.parseFloat(el.style.left));
    expect(left).toBeCloseTo((source.box![0] / size.width) * 100, 1);
    await expect(screen.box).toBeInViewport();
    await screen.shot('review-source');
    await screenshot(page, 'review-source-full');

    // Keyboard: focus a value and press Enter selects it too.
    await screen.value(fieldKey(corrected!.label)).focus();
    await page.keyboard.press('Enter');
    await expect(screen.value(fieldKey(corrected!.label))).toHaveAttribute('aria-current', 'true');

    // Correct a value in place.
    const newValue = `${corrected!.value} (checked)`;
    await screen.button('✏️ Edit').click();
    const editorBox = screen
      .value(fieldKey(corrected!.label))
      .getByRole('textbox', { name: 'Value' });
    await editorBox.fill(newValue);
    await editorBox.press('Enter');
    await expect(screen.value(fieldKey(corrected!.label))).toHaveText(newValue);
    await expect(screen.value(fieldKey(corrected!.label))).toHaveAttribute(
      'data-review',
      'corrected',
    );

    // Remove a value.
    await screen.value(fieldKey(removed!.label)).click();
    await screen.button('🗑️ Remove').click();
    await expect(screen.value(fieldKey(removed!.label))).toHaveCount(0);

    // Add a value the engine missed by selecting its words on the page: a column of the first
    // row of a plan information table that the engine left empty.
    const missing = missingCell(doc);
    await screen.button('➕ Add a value').click();
    await screen.pane.getByLabel('What is missing').selectOption(missing.table);
    await screen.pane.getByRole('button', { name: `Select ${missing.title} on the page` }).click();
    const words = screen.pane.locator('.page-word');
    await expect(words.first()).toBeVisible();
    const first = (await words.nth(0).getAttribute('aria-label'))!;
    const second = (await words.nth(1).getAttribute('aria-label'))!;
    // Drag a rectangle over the first two words, then click a third in and out again.
    await words.nth(0).scrollIntoViewIfNeeded();
    const a = (await words.nth(0).boundingBox())!;
    const b = (await words.nth(1).boundingBox())!;
    await page.mouse.move(Math.min(a.x, b.x) + 1, Math.min(a.y, b.y) + 1);
    await page.mouse.down();
    await page.mouse.move(
      Math.max(a.x + a.width, b.x + b.width) - 1,
      Math.max(a.y + a.height, b.y + b.height) - 1,
      { steps: 5 },
    );
    await page.mouse.up();
    await expect(page.getByTestId('picked-text')).toContainText(first);
    await expect(page.getByTestId('picked-text')).toContainText(second);
    await words.nth(2).click();
    await expect(words.nth(2)).toHaveAttribute('aria-pressed', 'true');
    await words.nth(2).click();
    await expect(words.nth(2)).toHaveAttribute('aria-pressed', 'false');
    await screen.shot('review-pick-words');
    await screen.button('Use the selected words').click();
    await expect(screen.pane.getByText(/Its box on page \d+ is kept/)).toBeVisible();
    await screen.button('Add value').click();
    const added = screen.value(missing.key);
    await expect(added).toHaveAttribute('data-review', 'added');
    await screen.shot('review-edited');

    await screen.saveChanges();
    await page.reload();
    await expect(screen.value(fieldKey(corrected!.label))).toHaveText(newValue);
    await expect(screen.value(fieldKey(removed!.label))).toHaveCount(0);
    await expect(added).toHaveAttribute('data-review', 'added');
    await added.click();
    await expect(screen.box).toBeVisible();
    await expect(screen.origin).toContainText(/Read on page \d+ · Added by Local user/);

    // The revisions: the engine's reading and the correction; restoring the engine's brings
    // the removed value back.
    await screen.button('🕘 Revisions').click();
    const revisions = page.getByRole('region', { name: 'Revisions' });
    await expect(revisions.locator('li')).toHaveCount(2);
    await expect(revisions.locator('li').first()).toContainText('Corrections');
    await expect(revisions.locator('li').first()).toContainText('3 values changed');
    await screen.shot('review-revisions');
    const engine = revisions.locator('li', { hasText: 'Read by the engine' });
    await engine.getByRole('button', { name: 'View' }).click();
    await expect(
      page.getByText('Viewing revision 1 (Extraction engine), read-only.'),
    ).toBeVisible();
    await expect(screen.value(fieldKey(removed!.label))).toHaveText(removed!.value);
    await expect(screen.button('➕ Add a value')).toBeDisabled();
    await screen.button('Back to the current revision').click();
    await expect(screen.value(fieldKey(removed!.label))).toHaveCount(0);
    await revisions
      .locator('li', { hasText: 'Read by the engine' })
      .getByRole('button', {
        name: 'Restore',
      })
      .click();
    await expect(screen.value(fieldKey(removed!.label))).toHaveText(removed!.value);
    await expect(screen.value(fieldKey(corrected!.label))).toHaveText(corrected!.value);
    await expect(revisions.locator('li')).toHaveCount(3);
    expect((await fetchDocument(request, doc.id)).revision).toBe(doc.revision + 2);
  });

  test('a stale save says so and offers Reload; review mode walks the lowest scores first', async ({
    page,
    request,
    allowErrors,
  }) => {
    allowErrors(/409/);
    const doc = await uploadAndRead(
      request,
      fixture('dev01-ameritas-dental-proposal.pdf'),
      unique('Review Ameritas'),
    );
    const screen = new ReviewPage(page);
    await screen.goto(doc.id);
    const [target] = boxed(doc);

    // Someone else saves while this broker edits.
    await screen.value(fieldKey(target!.label)).dblclick();
    const box = screen.value(fieldKey(target!.label)).getByRole('textbox', { name: 'Value' });
    await box.fill('Mine');
    await box.press('Enter');
    const theirs = structuredClone(doc.data!);
    const item = theirs.find((i) => i.type === 'field' && i.label === target!.label)!;
    if (item.type === 'field') item.value = 'Theirs';
    const put = await request.put(`/api/documents/carrierProposals/${doc.id}/data`, {
      data: { data: theirs, revision: doc.revision },
    });
    expect(put.status()).toBe(200);
    await screen.button('💾 Save').click();
    await expect(page.getByRole('alert')).toContainText('Update failed (409)');
    await screen.shot('review-stale');
    await screen.button('Reload').click();
    await expect(screen.value(fieldKey(target!.label))).toHaveText('Theirs');
    await expect(page.getByRole('region', { name: 'Unsaved changes' })).toHaveCount(0);

    // Review mode: the lowest score first; Enter confirms, typing corrects, Tab moves.
    const progress = page.getByTestId('review-progress');
    const before = await progress.textContent();
    const [, already, total] = /(\d+) of (\d+)/.exec(before ?? '')!.map(Number);
    await screen.button('▶ Review values').click();
    const current = page.locator('.workspace-data [aria-current="true"]');
    await expect(current).toBeFocused();
    const scores = await page
      .locator('.workspace-data [data-value-key]')
      .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-score'))));
    expect(Number(await current.getAttribute('data-score'))).toBe(Math.min(...scores));
    const firstKey = await current.getAttribute('data-value-key');
    await page.keyboard.press('Enter');
    await expect(page.locator(`[data-value-key="${firstKey}"]`)).toHaveAttribute(
      'data-review',
      'confirmed',
    );
    const secondKey = await current.getAttribute('data-value-key');
    expect(secondKey).not.toBe(firstKey);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(current).toHaveAttribute('data-value-key', secondKey!);
    await page.keyboard.type('77');
    await page.keyboard.press('Enter');
    await expect(page.locator(`[data-value-key="${secondKey}"]`)).toHaveText('77');
    await expect(progress).toHaveText(`${already! + 2} of ${total} values reviewed`);
    await screen.shot('review-mode');
    // The broker removes a value the engine read.
    const removed = boxed(doc).find(
      (f) => f.label !== target!.label && ![firstKey, secondKey].includes(fieldKey(f.label)),
    )!;
    await screen.value(fieldKey(removed.label)).click();
    await screen.button('🗑️ Remove').click();
    await expect(screen.value(fieldKey(removed.label))).toHaveCount(0);
    await screen.saveChanges();
    await screen.button('Mark as reviewed').click();
    await expect(page.getByText('✓ Reviewed')).toBeVisible();
    expect((await fetchDocument(request, doc.id)).reviewed).toBe(true);

    // Read again: the status shows while the engine reads, and the broker's word is kept.
    const before2 = (await fetchDocument(request, doc.id)).revision;
    await screen.button('🔄 Read again').click();
    await expect(
      page.getByText(/Waiting to read the document…|Reading the document…/),
    ).toBeVisible();
    await expect(screen.button('🔄 Read again')).toBeEnabled({ timeout: 90_000 });
    expect((await fetchDocument(request, doc.id)).revision).toBe(before2 + 1);
    await expect(page.locator(`[data-value-key="${secondKey}"]`)).toHaveText('77');
    await expect(page.locator(`[data-value-key="${secondKey}"]`)).toHaveAttribute(
      'data-review',
      'corrected',
    );
    // …and what the broker removed stays removed.
    await expect(screen.value(fieldKey(removed.label))).toHaveCount(0);
  });

  test('a DOCX value opens its paragraph or table cell, highlighted on the drawing of the document', async ({
    page,
    request,
  }) => {
    const doc = await uploadAndRead(
      request,
      fixture('dev09-renaissance-dental.docx'),
      unique('Review Renaissance DOCX'),
    );
    const values = locateValues((doc.data ?? []) as ParsedData);
    expect(values.filter((v) => !v.value.source?.box)).toEqual([]);
    const pages = (await (
      await request.get(`/api/documents/carrierProposals/${doc.id}/pages`)
    ).json()) as Array<{ page: number; width: number; height: number }>;
    expect(pages).toHaveLength(1);
    const words = (await (
      await request.get(`/api/documents/carrierProposals/${doc.id}/pages/1/words`)
    ).json()) as Array<{ text: string; box: [number, number, number, number] }>;
    const screen = new ReviewPage(page);
    await screen.goto(doc.id);

    // A rate read from a table cell, far down the drawing: its cell is highlighted.
    const cells = values.filter((v) => v.kind === 'cell');
    const rate = cells.find(
      (v) => v.tableLabel.endsWith('_rateTiers') && /\d/.test(v.value.value),
    )!;
    expect(rate, 'a rate read from a table').toBeDefined();
    await screen.value(rate.ref).click();
    await expect(screen.box).toBeVisible();
    await expect(screen.origin).toContainText('Read on page 1');
    await expect(screen.origin).not.toContainText('not found in the document');
    const box = rate.value.source!.box!;
    const left = await screen.box.evaluate((el) => Number.parseFloat(el.style.left));
    expect(left).toBeCloseTo((box[0] / pages[0]!.width) * 100, 1);
    const top = await screen.box.evaluate((el) => Number.parseFloat(el.style.top));
    expect(top).toBeCloseTo((box[1] / pages[0]!.height) * 100, 1);
    // the drawn words under the box are the value's own
    const under = words
      .filter((w) => {
        const x = (w.box[0] + w.box[2]) / 2;
        const y = (w.box[1] + w.box[3]) / 2;
        return x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3];
      })
      .map((w) => w.text)
      .join(' ');
    expect(under.replace(/[^0-9.]/g, '')).toContain(rate.value.value.replace(/[^0-9.]/g, ''));
    await expect(screen.box).toBeInViewport();
    await screen.shot('review-docx-source');

    // A field read from a paragraph near the top: its line is highlighted there.
    const field = values.find((v) => v.kind === 'field' && v.value.value.length < 40)!;
    await screen.value(field.ref).click();
    await expect(screen.box).toBeVisible();
    const fieldTop = await screen.box.evaluate((el) => Number.parseFloat(el.style.top));
    expect(fieldTop).toBeCloseTo((field.value.source!.box![1] / pages[0]!.height) * 100, 1);
    await expect(screen.box).toBeInViewport();
    await screen.shot('review-docx-field');

    // Words are selected on the drawing as on a PDF page: the first rate is set from another
    // rate's word, and its box becomes that word's.
    const other = cells.find(
      (v) =>
        v.tableLabel === rate.tableLabel &&
        /^\$?\d[\d,.]*$/.test(v.value.value) &&
        v.value.value !== rate.value.value,
    )!;
    expect(other, 'another rate printed as one word').toBeDefined();
    await screen.value(rate.ref).click();
    await screen.button('🔍 Select on page').click();
    const word = screen.pane.locator(`.page-word[aria-label="${other.value.value}"]`).first();
    await word.scrollIntoViewIfNeeded();
    await word.click();
    await expect(page.getByTestId('picked-text')).toContainText(other.value.value);
    await screen.button('Use the selected words').click();
    await expect(screen.value(rate.ref)).toHaveText(other.value.value);
    await expect(screen.value(rate.ref)).toHaveAttribute('data-review', 'corrected');
    const picked = words.find((w) => w.text === other.value.value)!;
    await expect(screen.box).toBeVisible();
    const pickedTop = await screen.box.evaluate((el) => Number.parseFloat(el.style.top));
    expect(pickedTop).toBeCloseTo((picked.box[1] / pages[0]!.height) * 100, 1);
    await screen.shot('review-docx-picked');
  });

  test('a class is renamed from its heading: every row of it follows, saved and reloaded', async ({
    page,
    request,
  }) => {
    const doc = await uploadAndRead(
      request,
      fixture('dev02-lincoln-dental-vision-2class.pdf'),
      unique('Rename class'),
    );
    const screen = new ReviewPage(page);
    await screen.goto(doc.id);
    const headings = page.locator('.class-heading');
    const before = (await headings.allTextContents()).map((t) => t.replace(/^Class(?=\S)/, ''));
    const first = before[0]!;
    // the first class section is the first product's: dental, for this two-product proposal
    const dentalClassCells = (data: ServedDocument['data'], name: string) =>
      locateValues((data ?? []) as ParsedData).filter(
        (v) =>
          v.kind === 'cell' &&
          /^dentalInsurance_\w+_class$/.test(v.value.label) &&
          v.value.value === name,
      );
    const rowsOf = (name: string) => dentalClassCells(doc.data, name).length;
    expect(rowsOf(first), 'class cells of the first class').toBeGreaterThan(0);

    await screen.button(`Rename ${first}`).first().click();
    const box = page.getByRole('textbox', { name: 'Class name' });
    await expect(box).toBeFocused();
    await box.fill('Hourly Employees');
    await screen.shot('review-rename-class');
    await box.press('Enter');
    await expect(page.getByRole('heading', { name: /Hourly Employees/ }).first()).toBeVisible();
    await screen.saveChanges();
    await page.reload();
    await expect(page.getByRole('heading', { name: /Hourly Employees/ }).first()).toBeVisible();
    const saved = await fetchDocument(request, doc.id);
    const classCells = dentalClassCells(saved.data, 'Hourly Employees');
    expect(classCells.length).toBe(rowsOf(first));
    expect(dentalClassCells(saved.data, first)).toHaveLength(0);
    for (const cell of classCells) expect(cell.value.review?.state).toMatch(/corrected|added/);
  });

  test('a policy certificate shows the same source view and takes the same corrections', async ({
    page,
    request,
  }) => {
    const doc = await uploadAndRead(
      request,
      fixture('dev12-uhc-vision-summary-scan.png'),
      unique('Review certificate'),
      'policyCertificate',
    );
    const screen = new ReviewPage(page);
    await screen.gotoCertificate(doc.id);
    // The first value shown that was read with a box.
    let key: string | undefined;
    for (const v of locateValues((doc.data ?? []) as ParsedData)) {
      if (v.value.source?.box && (await screen.value(v.ref).count()) > 0) {
        key = v.ref;
        break;
      }
    }
    expect(key, 'a value read with its box').toBeDefined();
    await screen.value(key!).click();
    await expect(screen.box).toBeVisible();
    await screen.button('✔️ Confirm').click();
    await expect(screen.value(key!)).toHaveAttribute('data-review', 'confirmed');
    await screen.saveChanges();
    await screen.shot('review-certificate');
    await page.reload();
    await expect(screen.value(key!)).toHaveAttribute('data-review', 'confirmed');
  });
});
