import { HttpStatus, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { ProfileQuestion } from '#contract/questions/answers.js';
import { QUESTION_LIMITS } from '#contract/questions/constants.js';
import { QUESTION_MESSAGES as M } from '#contract/questions/messages.js';
import type { CreateQuestion, MoveQuestion, UpdateQuestion } from '#contract/questions/requests.js';
import { detailError, ValidationFailed } from '#server/common/errors.js';
import { TtlCache } from '#server/common/ttl-cache.js';
import { BusTopic, ProcessBus } from '#server/infra/events/process-bus.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { AuditService } from '#server/modules/audit/audit.service.js';
import type { AuditValues } from '#server/modules/audit/audit.types.js';
import { SiteSettingsService } from '#server/modules/site/site-settings.service.js';
import { DEFAULT_QUESTIONS } from './default-questions.js';
import { ProfileQuestionsRepository } from './profile-questions.repository.js';
import type { QuestionChanges } from './profile-questions.types.js';

/** How long a process keeps the questions when a change signal is lost with its connection. */
const QUESTIONS_TTL_MS = 30_000;

const notFound = () => detailError(HttpStatus.NOT_FOUND, M.notFound);

/** What the audit log records of a question: its editable fields, by name. */
const auditValues = (q: ProfileQuestion): AuditValues => ({
  key: q.key,
  label: q.label,
  public_label: q.public_label,
  help: q.help,
  required: q.required,
  max_length: q.max_length,
  position: q.position,
  retired: q.retired,
});

/**
 * The profile questions: the active ones, read by every profile, form and registration (each process keeps
 * one copy, dropped when any process saves a change: BusTopic.SiteChanged), and the organizer's edits, each
 * with its audit entry in one transaction. Retiring hides a question and keeps its answers. A site without
 * questions gets the four defaults at start (a database the migration found empty has none).
 */
@Injectable()
export class ProfileQuestionsService implements OnApplicationBootstrap {
  private readonly cache = new TtlCache<'all', ProfileQuestion[]>(QUESTIONS_TTL_MS, 1);

  constructor(
    private readonly questions: ProfileQuestionsRepository,
    private readonly audit: AuditService,
    private readonly site: SiteSettingsService,
    bus: ProcessBus,
  ) {
    bus.subscribe(BusTopic.SiteChanged, () => this.cache.clear());
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureDefaults();
  }

  /** Writes the four default questions when the site has none. */
  async ensureDefaults(): Promise<void> {
    if (await this.questions.any()) return;
    await this.questions.insertDefaults(DEFAULT_QUESTIONS);
    this.cache.clear();
  }

  /** Every question (the retired ones last), as cached. */
  all(): Promise<ProfileQuestion[]> {
    return this.cache.get('all', () => this.questions.list());
  }

  /** The questions asked and shown now, in order. */
  async active(): Promise<ProfileQuestion[]> {
    return (await this.all()).filter((q) => !q.retired);
  }

  /** The admin list, read fresh. */
  list(): Promise<ProfileQuestion[]> {
    return this.questions.list();
  }

  async create(actorId: number, input: CreateQuestion): Promise<ProfileQuestion[]> {
    await this.insert(actorId, input);
    return this.afterChange();
  }

  async update(actorId: number, id: number, patch: UpdateQuestion): Promise<ProfileQuestion[]> {
    await this.applyPatch(actorId, id, patch);
    return this.afterChange();
  }

  async move(actorId: number, id: number, { direction }: MoveQuestion): Promise<ProfileQuestion[]> {
    await this.reorder(actorId, id, direction);
    return this.afterChange();
  }

  @Transactional()
  private async insert(actorId: number, input: CreateQuestion): Promise<void> {
    const all = await this.questions.lockAll();
    const active = all.filter((q) => !q.retired);
    if (active.length >= QUESTION_LIMITS.activeMax) throw detailError(HttpStatus.CONFLICT, M.tooMany);
    const created = await this.questions.insert(
      { key: input.key, label: input.label, public_label: input.public_label, help: input.help, required: input.required, max_length: input.max_length },
      nextPosition(active),
    );
    if (!created) throw new ValidationFailed([{ loc: ['body', 'key'], msg: M.keyTaken, type: 'value_error.taken' }]);
    await this.audit.record({
      actorId,
      action: 'profile_question.create',
      targetType: 'profile_question',
      targetId: created.id,
      before: null,
      after: auditValues(created),
    });
  }

  @Transactional()
  private async applyPatch(actorId: number, id: number, patch: UpdateQuestion): Promise<void> {
    const all = await this.questions.lockAll();
    const question = all.find((q) => q.id === id);
    if (!question) throw notFound();
    const changes: QuestionChanges = {};
    for (const field of ['label', 'public_label', 'help', 'required', 'max_length', 'retired'] as const) {
      if (patch[field] !== undefined && patch[field] !== question[field]) Object.assign(changes, { [field]: patch[field] });
    }
    if (changes.retired === false) {
      // Brought back: it goes last among the active questions, within the limit of active ones.
      const active = all.filter((q) => !q.retired);
      if (active.length >= QUESTION_LIMITS.activeMax) throw detailError(HttpStatus.CONFLICT, M.tooMany);
      changes.position = nextPosition(active);
    }
    const stored = await this.questions.update(id, changes);
    if (!stored) throw notFound();
    const action = changes.retired === true ? 'profile_question.retire' : 'profile_question.update';
    await this.audit.record({ actorId, action, targetType: 'profile_question', targetId: id, before: auditValues(question), after: auditValues(stored) });
  }

  @Transactional()
  private async reorder(actorId: number, id: number, direction: MoveQuestion['direction']): Promise<void> {
    const active = (await this.questions.lockAll()).filter((q) => !q.retired);
    const from = active.findIndex((q) => q.id === id);
    if (from < 0) throw notFound();
    const to = direction === 'up' ? from - 1 : from + 1;
    if (to < 0 || to >= active.length) throw detailError(HttpStatus.CONFLICT, M.cannotMove);
    const before = active.map((q) => q.key).join(', ');
    const order = [...active];
    [order[from], order[to]] = [order[to], order[from]];
    await this.questions.setPositions(order.map((q) => q.id));
    const after = order.map((q) => q.key).join(', ');
    await this.audit.record({
      actorId,
      action: 'profile_question.move',
      targetType: 'profile_question',
      targetId: id,
      before: { order: before },
      after: { order: after },
    });
  }

  /** After commit: every process drops its copy; the admin list as stored. */
  private afterChange(): Promise<ProfileQuestion[]> {
    this.site.changed();
    return this.questions.list();
  }
}

/** Last among the active questions. */
const nextPosition = (active: readonly ProfileQuestion[]): number => Math.max(0, ...active.map((q) => q.position)) + 1;
