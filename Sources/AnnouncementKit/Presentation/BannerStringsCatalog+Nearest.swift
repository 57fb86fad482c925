extension BannerStringsCatalog {
    /// The tag the package's words are looked up with for a reader of `locale`, among the catalog's
    /// `languages`:
    ///
    /// 1. `locale` itself when a language matches it or one of its prefixes (`de-AT` → `de`);
    /// 2. otherwise a language of the same script: Chinese without a script reads as Simplified unless its
    ///    region is Taiwan, Hong Kong or Macao (`zh-CN`, `zh-SG` → `zh-Hans`; `zh-TW` → `zh-Hant` when
    ///    there is one);
    /// 3. otherwise the first language (by tag) of the same primary language (`pt-PT`, `pt-AO` → `pt-BR`;
    ///    `zh-TW` → `zh-Hans` while there is no `zh-Hant`: the same words in the other script read
    ///    better than English);
    /// 4. otherwise `locale`, which the look-up then answers in English.
    package static func nearestLanguage(for locale: String, among languages: [String]) -> String {
        let wanted = LanguageTag.normalized(locale)
        let known = languages.map(LanguageTag.normalized)
        if known.contains(where: { LanguageTag.isPrefix($0, of: wanted) }) { return locale }
        let subtags = wanted.split(separator: "-")
        guard let primary = subtags.first else { return locale }
        let sameLanguage = zip(languages, known).filter { $0.1.split(separator: "-").first == primary }
        guard !sameLanguage.isEmpty else { return locale }
        let script = subtags.dropFirst().first(where: { $0.count == 4 }).map(String.init) ?? impliedScript(of: subtags)
        if let script, let match = sameLanguage.first(where: { $0.1.split(separator: "-").contains(Substring(script)) })
        {
            return match.0
        }
        return sameLanguage.min(by: { $0.1 < $1.1 })!.0
    }

    /// The script a tag without one implies, in lower case, for the languages written in two scripts
    /// whose reader would notice: Chinese.
    private static func impliedScript(of subtags: [Substring]) -> String? {
        guard subtags.first == "zh" else { return nil }
        let traditional: Set<Substring> = ["tw", "hk", "mo"]
        return subtags.dropFirst().contains(where: { traditional.contains($0) }) ? "hant" : "hans"
    }
}
