package reports

// mailText is the e-mail of a saved report in one language: subject and body take the
// report's name; the body then the file's name.
type mailText struct{ subject, body string }

var mailTexts = map[string]mailText{
	"en": {"Report: %s", "Hello,\n\nThe report \"%s\" is attached (%s).\n\nYou receive it because an administrator of your organisation added you to its recipients in Hadir."},
	"ms": {"Laporan: %s", "Salam,\n\nLaporan \"%s\" dilampirkan (%s).\n\nAnda menerimanya kerana pentadbir organisasi anda menambah anda sebagai penerima dalam Hadir."},
	"ch": {"报表：%s", "您好：\n\n附件为报表“%s”（%s）。\n\n您收到此邮件，是因为贵单位的管理员在 Hadir 中将您添加为收件人。"},
	"jp": {"レポート：%s", "こんにちは。\n\nレポート「%s」を添付しました（%s）。\n\n組織の管理者が Hadir であなたを受信者に追加したため、このメールが届いています。"},
	"es": {"Informe: %s", "Hola:\n\nSe adjunta el informe \"%s\" (%s).\n\nLo recibe porque un administrador de su organización le añadió como destinatario en Hadir."},
	"de": {"Bericht: %s", "Hallo,\n\nim Anhang finden Sie den Bericht „%s“ (%s).\n\nSie erhalten ihn, weil ein Administrator Ihrer Organisation Sie in Hadir als Empfänger eingetragen hat."},
	"fr": {"Rapport : %s", "Bonjour,\n\nVous trouverez en pièce jointe le rapport « %s » (%s).\n\nVous le recevez parce qu'un administrateur de votre organisation vous a ajouté à ses destinataires dans Hadir."},
}

func text(lang string) mailText {
	if t, ok := mailTexts[lang]; ok {
		return t
	}
	return mailTexts["en"]
}
