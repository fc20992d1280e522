import { Module } from '@nestjs/common';
import { AuditModule } from '#server/modules/audit/audit.module.js';
import { SiteModule } from '#server/modules/site/site.module.js';
import { AdminProfileQuestionsController } from './admin-profile-questions.controller.js';
import { ProfileQuestionsController } from './profile-questions.controller.js';
import { ProfileQuestionsRepository } from './profile-questions.repository.js';
import { ProfileQuestionsService } from './profile-questions.service.js';

/** The profile questions an organizer edits; the answers live with the profiles (users module), which use ProfileQuestionsService. */
@Module({
  imports: [AuditModule, SiteModule],
  controllers: [ProfileQuestionsController, AdminProfileQuestionsController],
  providers: [ProfileQuestionsRepository, ProfileQuestionsService],
  exports: [ProfileQuestionsService],
})
export class QuestionsModule {}
