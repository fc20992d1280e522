import { Module } from '@nestjs/common';
import { AuditModule } from '#server/modules/audit/audit.module.js';
import { AdminSupportController } from './admin-support.controller.js';
import { AdminSupportService } from './admin-support.service.js';
import { SupportController } from './support.controller.js';
import { SupportRepository } from './support.repository.js';
import { SupportService } from './support.service.js';
import { SiteModule } from '#server/modules/site/site.module.js';

/** The contact form and the admin inbox. Its e-mails go through the infra mail queue. */
@Module({
  imports: [AuditModule, SiteModule],
  controllers: [SupportController, AdminSupportController],
  providers: [SupportService, AdminSupportService, SupportRepository],
  exports: [AdminSupportService],
})
export class SupportModule {}
